//! Tests of `session`: opening, the summary, the events page, notes.
use super::tests_support::*;
use super::*;

fn open(p: &Path, progress: &(dyn Fn(Progress) + Sync)) -> Result<Opened, AppError> {
    super::tests_support::open(p, progress)
}

fn append_note(p: &Path, key: &DeviceKey, n: NoteInput) -> Result<Hash32, AppError> {
    super::append_note(p, &device_dir(p), key, n)
}

#[test]
fn demo_summary_names_every_key_and_the_revocation() {
    let p = demo();
    let reports = std::sync::Mutex::new(vec![]);
    let o = open(&p, &|pr| reports.lock().unwrap().push(pr)).unwrap();
    let s = summary(&o, None);
    assert_eq!(s.game, "bridge");
    assert_eq!(s.verified_events, o.replayed.log.events.len());
    assert_eq!(s.keys.len(), 8);
    assert_eq!(s.keys[0].role, "chief_td");
    assert_eq!(s.keys[7].role, "organiser");
    assert_eq!(s.keys.iter().filter(|k| k.revoked.is_some()).count(), 1);
    assert!(s.excluded.is_empty() && s.forks.is_empty());
    let r = reports.lock().unwrap();
    assert_eq!(r.first().map(|p| p.phase), Some("reading"));
    let last = r.last().unwrap();
    assert_eq!((last.phase, last.done), ("verifying", s.verified_events));
}

#[test]
fn events_are_paged_in_replay_order() {
    let o = open(&demo(), &|_| {}).unwrap();
    let all = events_page(&o, 0, 1000, tdlog::i18n::Lang::En);
    assert_eq!(all.events.len(), all.total);
    // N15: every row reads as a line in the user's language, its type by name; the JSON
    // and the id stay for the details.
    let de = events_page(&o, 0, 1000, tdlog::i18n::Lang::De);
    for e in &de.events {
        assert!(e.kind_name != e.kind, "{}: no German name", e.kind);
        assert!(
            !e.text.contains('{') && !e.text.is_empty(),
            "{}: {}",
            e.kind,
            e.text
        );
        assert!(e.summary.starts_with('{') && e.id.len() == 64);
    }
    let enrolled = de
        .events
        .iter()
        .find(|e| e.kind == "key.enrolled")
        .expect("the demo enrols keys");
    assert_eq!(enrolled.kind_name, "Schlüssel eingetragen");
    assert_eq!(enrolled.text, "Jens Hansen, laptop 2 als Turnierleiter");
    let note = de
        .events
        .iter()
        .find(|e| e.kind == "director.note")
        .unwrap();
    assert_eq!(note.kind_name, "Notiz zum Turnierleiterruf");
    assert!(
        note.text.starts_with("Runde 1, Tisch 3, Board 2: "),
        "{}",
        note.text
    );
    assert_eq!(all.events[0].kind, "tournament.genesis");
    let page = events_page(&o, 3, 2, tdlog::i18n::Lang::En);
    assert_eq!(
        page.events.iter().map(|e| e.n).collect::<Vec<_>>(),
        vec![4, 5]
    );
    assert!(events_page(&o, all.total, 10, tdlog::i18n::Lang::En)
        .events
        .is_empty());
}

#[test]
fn a_td_note_is_signed_and_listed_first_but_a_revoked_key_is_refused() {
    let p = demo();
    let before = notes(&open(&p, &|_| {}).unwrap()).len();
    let td1 = demo_key("td1");
    let note = |text: &str| NoteInput {
        text: text.into(),
        board: Some(5),
        table: Some(2),
        round: Some(2),
    };
    append_note(&p, &td1, note("Hesitation before 3NT at table 2")).unwrap();
    let o = open(&p, &|_| {}).unwrap();
    let list = notes(&o);
    assert_eq!(list.len(), before + 1);
    assert_eq!(list[0].text, "Hesitation before 3NT at table 2");
    assert_eq!(list[0].signer, "Jens Hansen, laptop 2");
    let s = summary(&o, Some(&td1.public().to_hex()));
    assert_eq!(s.device_role.as_deref(), Some("td"));
    let td2 = demo_key("td2");
    let err = append_note(&p, &td2, note("after revocation")).unwrap_err();
    assert_eq!(err.code, "key_revoked", "{err}");
    assert_eq!(
        append_note(&p, &td1, note("  ")).unwrap_err().code,
        "empty_note"
    );
}

#[test]
fn bad_files_get_a_code_the_ui_translates() {
    let missing = open(Path::new("/nonexistent/club.tdlog"), &|_| {})
        .err()
        .unwrap();
    assert_eq!(missing.code, "missing_file");
    let bundle = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/vectors/good_basic.json"
    );
    let not_a_log = open(Path::new(bundle), &|_| {}).err().unwrap();
    assert_eq!(not_a_log.code, "not_a_log", "{not_a_log}");
}
