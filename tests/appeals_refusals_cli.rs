//! The appeals workflow's refusals as a director, a committee member or an organiser meets
//! them at the command line, in the language of `TDLOG_LANG`: every refusal names its law
//! as the edition cites it (English "Law 92C", DBV "§ 92 C", DBf "§ 92C").

#[path = "common/cli.rs"]
mod cli;
#[path = "common/device.rs"]
mod device;
use cli::*;

/// A log with keys of every role, pairs 5 (Anna Ahl, Bert Berg) v 9 (Cara Cole, Dan Dahl)
/// at table 3, a judgement ruling on board 7 and the results published.
pub struct Club {
    _dir: tempfile::TempDir,
    pub log: String,
    pub chief: String,
    pub td: String,
    pub scorer: String,
    pub org: String,
    pub ac: Vec<(String, String)>,
    pub ruling: String,
}

impl Club {
    pub fn open() -> Club {
        let t = tempfile::tempdir().unwrap();
        let log = t.path().join("t.tdlog").to_str().unwrap().to_string();
        let (chief, _) = new_key(t.path(), "chief");
        let (td, td_pub) = new_key(t.path(), "td");
        let (scorer, scorer_pub) = new_key(t.path(), "scorer");
        let (org, org_pub) = new_key(t.path(), "org");
        let ac: Vec<(String, String)> = (1..=4)
            .map(|i| new_key(t.path(), &format!("ac{i}")))
            .collect();
        ok(&[
            "init",
            &log,
            "--name",
            "Club Pairs",
            "--game",
            "bridge",
            "--key",
            &chief,
        ]);
        let mut people = vec![
            (td_pub.clone(), "td", "Tom TD".to_string()),
            (scorer_pub, "scorer", "Sue Scorer".into()),
            (org_pub, "organiser", "Olga Organiser".into()),
        ];
        for ((_, p), n) in ac
            .iter()
            .zip(["Karl Kohl", "Lena Lind", "Mia Moor", "Nils Nord"])
        {
            people.push((p.clone(), "committee", n.to_string()));
        }
        for (public, role, holder) in &people {
            ok(&[
                "key", "enrol", &log, public, "--role", role, "--holder", holder, "--key", &chief,
            ]);
        }
        let r = ok(&[
            "ruling",
            "give",
            &log,
            "--round",
            "1",
            "--table",
            "3",
            "--board",
            "7",
            "--ns",
            "5",
            "--ew",
            "9",
            "--facts",
            "Agreed hesitation by North",
            "--law",
            "16B1,12C1(e)",
            "--category",
            "judgement",
            "--decision",
            "Adjusted to 3S+1",
            "--adjustment",
            r#"{"kind":"assigned","contract":"3S","declarer":"S","tricks":10}"#,
            "--notice",
            "--key",
            &td,
        ]);
        let ruling = event_id(&r);
        ok(&["publish", &log, "--session", "1", "--key", &scorer]);
        Club {
            _dir: t,
            log,
            chief,
            td,
            scorer,
            org,
            ac,
            ruling,
        }
    }

    /// An appeal by pair 9 signed by both players, filed by the TD.
    pub fn file(&self) -> String {
        let o = ok(&[
            "appeal",
            "file",
            &self.log,
            "--ruling",
            &self.ruling[..10],
            "--appellant",
            "9",
            "--grounds",
            "No hesitation",
            "--signed-by",
            "Cara Cole",
            "--signed-by",
            "Dan Dahl",
            "--key",
            &self.td,
        ]);
        o.trim().rsplit(' ').next().unwrap().to_string()
    }
}

#[test]
fn law_92c_a_committee_member_may_not_file_an_appeal_in_each_language() {
    let c = Club::open();
    let args = [
        "appeal",
        "file",
        &c.log,
        "--ruling",
        &c.ruling[..10],
        "--appellant",
        "9",
        "--grounds",
        "x",
        "--signed-by",
        "Cara Cole",
        "--key",
        &c.ac[0].0,
    ];
    let en = refused("en", &args);
    assert!(
        en.contains("Law 92C: filing an appeal (through the director) is for the chief director or director; Karl Kohl signs as appeals committee member"),
        "{en}"
    );
    assert!(!en.contains("may not sign"), "{en}");
    let de = refused("de", &args);
    assert!(
        de.contains("§ 92 C: das Einlegen eines Protests (über den Turnierleiter) nur durch Hauptturnierleiter oder Turnierleiter; Karl Kohl signiert als Mitglied des Schiedsgerichts"),
        "{de}"
    );
    let da = refused("da", &args);
    assert!(
        da.contains("§ 92C: at indgive en appel (gennem turneringslederen) er forbeholdt chefturneringsleder eller turneringsleder; Karl Kohl signerer som medlem af appeludvalget"),
        "{da}"
    );
}

#[test]
fn law_93c2_a_plain_director_may_not_refer_to_the_regulating_authority() {
    let c = Club::open();
    let a = c.file();
    let args = [
        "appeal",
        "refer",
        &c.log,
        &a[..8],
        "--to",
        "DBV",
        "--reason",
        "x",
        "--key",
        &c.td,
    ];
    assert!(refused("en", &args).contains("Law 93C2: referring an appeal to the regulating authority is for the chief director or appeals committee member; Tom TD signs as director"));
    assert!(refused("de", &args).contains("§ 93 C 2: die Verweisung eines Protests an den verantwortlichen Verband nur durch Hauptturnierleiter oder Mitglied des Schiedsgerichts"));
    assert!(refused("da", &args)
        .contains("§ 93C2: at henvise en appel til den regulerende myndighed er forbeholdt"));
}

#[test]
fn law_79c2_a_director_may_not_sign_the_organisers_late_correction_consent() {
    let c = Club::open();
    let args = [
        "correction",
        "consent",
        &c.log,
        "--round",
        "1",
        "--table",
        "3",
        "--board",
        "7",
        "--reason",
        "x",
        "--key",
        &c.td,
    ];
    assert!(refused("en", &args).contains("Law 79C2: consenting to a correction after the correction period is for the organiser; Tom TD signs as director"));
    assert!(refused("de", &args).contains("§ 79 C 2: die Zustimmung zu einer Korrektur nach der Korrekturfrist nur durch Veranstalter; Tom TD signiert als Turnierleiter"));
    assert!(refused("da", &args).contains("§ 79C2: at give samtykke til en rettelse efter rettelsesfristen er forbeholdt arrangør; Tom TD signerer som turneringsleder"));
    // The organiser may.
    ok(&[
        "correction",
        "consent",
        &c.log,
        "--round",
        "1",
        "--table",
        "3",
        "--board",
        "7",
        "--reason",
        "Scorer's typing error",
        "--key",
        &c.org,
    ]);
}
