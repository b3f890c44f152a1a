//! The decision trees' texts (`bridge::irregularity`): each tree's title, each branch's
//! "when" and the TD's judgement question, in English (the tree's own words), German (DBV
//! 2017: linker / rechter Gegner, der Schuldige, vergleichbare Ansage, Haupt- und
//! Nebenstrafkarte, vollendetes Revoke) and Danish (DBf 2017: MTV / MTH, den fejlende,
//! tilsvarende melding, stort og lille strafkort, etableret kulørsvigt). Keys:
//! `law.<tree>.title`, `law.<tree>.<branch>.when`, `law.<tree>.<branch>.judgement`; a test
//! walks every tree and finds every row.

/// `(key, en, de, da)`.
pub static TREES: &[(&str, &str, &str, &str)] = &[
    ("law.24.title", "Card exposed or led during the auction", "Während der Reizung sichtbar gewordene oder ausgespielte Karte", "Kort vist eller spillet ud i meldeperioden"),
    ("law.25.title", "Change of call", "Änderung einer Ansage", "Ændring af melding"),
    ("law.27.title", "Insufficient bid", "Ungenügendes Gebot", "Utilstrækkeligt bud"),
    ("law.30.title", "Pass out of rotation", "Pass außer Reihenfolge", "Pas uden for tur"),
    ("law.31.title", "Bid out of rotation", "Gebot außer Reihenfolge", "Bud uden for tur"),
    ("law.32.title", "Double or redouble out of rotation", "Kontra oder Rekontra außer Reihenfolge", "Dobling eller redobling uden for tur"),
    ("law.36.title", "Inadmissible double or redouble", "Unzulässiges Kontra oder Rekontra", "Utilladelig dobling eller redobling"),
    ("law.37.title", "Call by a player obliged to pass", "Ansage eines Spielers mit Passpflicht", "Melding af en spiller med tvungen pas"),
    ("law.38.title", "Bid of more than seven", "Gebot von mehr als sieben", "Bud på mere end syv"),
    ("law.39.title", "Call after the final pass", "Ansage nach dem letzten Pass", "Melding efter sidste pas"),
    ("law.50.title", "Penalty card", "Strafkarte", "Strafkort"),
    ("law.52.title", "Failure to play a penalty card", "Versäumnis, eine Strafkarte zu spielen", "Undladelse af at spille et strafkort"),
    ("law.53-56.title", "Lead out of turn", "Ausspiel außer der Reihe", "Udspil uden for tur"),
    ("law.57.title", "Premature lead or play", "Vorzeitiges Ausspielen oder Zugeben", "For tidligt udspil eller tilspil"),
    ("law.58.title", "Simultaneous leads or plays", "Gleichzeitiges Ausspielen oder Zugeben", "Samtidige udspil eller tilspil"),
    ("law.61-64.title", "Revoke", "Revoke", "Kulørsvigt"),
    ("law.67.title", "Defective trick", "Fehlerhafter Stich", "Ukorrekt stik"),
    ("law.68-71.title", "Claim or concession", "Claim oder Konzession", "Krav eller afkald på stik"),
    // Law 24.
    ("law.24.24A.when", "a single card below honour rank, not prematurely led", "eine einzelne Karte unterhalb des Rangs einer Figur, nicht vorzeitig ausgespielt", "et enkelt kort under honnørrang, ikke spillet ud for tidligt"),
    ("law.24.24A.judgement", "Could partner have seen it through the offender's fault?", "Konnte der Partner die Karte durch Verschulden des Schuldigen sehen?", "Kunne makker se kortet, fordi den fejlende var skyld i det?"),
    ("law.24.24B.when", "a single honour, or any prematurely led card", "eine einzelne Figur oder eine beliebige vorzeitig ausgespielte Karte", "en enkelt honnør eller et hvilket som helst kort spillet ud for tidligt"),
    ("law.24.24C.when", "two or more cards exposed", "zwei oder mehr Karten sichtbar geworden", "to eller flere kort vist"),
    ("law.24.24D.when", "after the auction the offender is declarer or dummy", "nach der Reizung ist der Schuldige Alleinspieler oder Dummy", "efter meldeforløbet er den fejlende spilfører eller den blinde"),
    ("law.24.24E.when", "after the auction the offender is a defender", "nach der Reizung ist der Schuldige Gegenspieler", "efter meldeforløbet er den fejlende modspiller"),
    // Law 25.
    ("law.25.25A.when", "unintended call, corrected before partner called", "unbeabsichtigte Ansage, ersetzt, bevor der Partner angesagt hat", "uagtsomt afgivet melding, rettet før makker har meldt"),
    ("law.25.25A.judgement", "Was the first call unintended (mechanical error or slip of the tongue)?", "War die erste Ansage unbeabsichtigt (mechanischer Fehler oder Versprecher)?", "Var den første melding uagtsomt afgivet (mekanisk fejl eller fortalelse)?"),
    ("law.25.25A-late.when", "unintended call, but partner has already called", "unbeabsichtigte Ansage, aber der Partner hat schon angesagt", "uagtsomt afgivet melding, men makker har allerede meldt"),
    ("law.25.25A-late.judgement", "Was the first call unintended?", "War die erste Ansage unbeabsichtigt?", "Var den første melding uagtsomt afgivet?"),
    ("law.25.25B1.when", "intended change; the offender's LHO calls over the substitute", "beabsichtigte Änderung; der linke Gegner des Schuldigen sagt über die Ersatzansage an", "tilsigtet ændring; den fejlendes MTV melder over erstatningen"),
    ("law.25.25B2.when", "intended change not accepted", "beabsichtigte Änderung nicht angenommen", "tilsigtet ændring ikke accepteret"),
    // Law 27.
    ("law.27.27A1.when", "the offender's LHO calls over it: accepted", "der linke Gegner des Schuldigen sagt darüber an: angenommen", "den fejlendes MTV melder over: accepteret"),
    ("law.27.27B1a.when", "replaced by the lowest sufficient bid specifying the same denomination(s)", "ersetzt durch das niedrigste genügende Gebot, das dieselbe(n) Denomination(en) angibt", "erstattet af det laveste tilstrækkelige bud, der angiver samme benævnelse(r)"),
    ("law.27.27B1a.judgement", "Does the replacement specify the same denomination(s) as the insufficient bid?", "Gibt die Ersatzansage dieselbe(n) Denomination(en) an wie das ungenügende Gebot?", "Angiver erstatningen samme benævnelse(r) som det utilstrækkelige bud?"),
    ("law.27.27B1b.when", "replaced by a comparable call", "ersetzt durch eine vergleichbare Ansage", "erstattet af en tilsvarende melding"),
    ("law.27.27B1b.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    ("law.27.27B2.when", "replaced by any other sufficient bid or a pass", "ersetzt durch ein anderes genügendes Gebot oder Pass", "erstattet af et andet tilstrækkeligt bud eller pas"),
    ("law.27.27B3.when", "the offender attempts a double or redouble that is not comparable", "der Schuldige versucht ein nicht vergleichbares Kontra oder Rekontra", "den fejlende forsøger en dobling eller redobling, der ikke er tilsvarende"),
    ("law.27.27B4.when", "the offender attempts another insufficient bid (not accepted)", "der Schuldige versucht ein weiteres ungenügendes Gebot (nicht angenommen)", "den fejlende forsøger endnu et utilstrækkeligt bud (ikke accepteret)"),
    // Law 30.
    ("law.30.30-29A.when", "the offender's LHO calls over it: accepted (Law 29A)", "der linke Gegner des Schuldigen sagt darüber an: angenommen (§ 29 A)", "den fejlendes MTV melder over: accepteret (§ 29A)"),
    ("law.30.30-28B.when", "the player whose turn it was calls before rectification (Law 28B)", "der Spieler, der an der Reihe war, sagt vor der Berichtigung an (§ 28 B)", "spilleren, der var i tur, melder før berigtigelsen (§ 28B)"),
    ("law.30.30-29B.when", "not accepted: cancelled, the auction reverts to the player whose turn it was (Law 29B)", "nicht angenommen: aufgehoben, die Reizung geht an den Spieler zurück, der an der Reihe war (§ 29 B)", "ikke accepteret: annulleret, meldeforløbet går tilbage til spilleren, der var i tur (§ 29B)"),
    // Law 31.
    ("law.31.31-29A.when", "the offender's LHO calls over it: accepted (Law 29A)", "der linke Gegner des Schuldigen sagt darüber an: angenommen (§ 29 A)", "den fejlendes MTV melder over: accepteret (§ 29A)"),
    ("law.31.31-28B.when", "the player whose turn it was calls before rectification (Law 28B)", "der Spieler, der an der Reihe war, sagt vor der Berichtigung an (§ 28 B)", "spilleren, der var i tur, melder før berigtigelsen (§ 28B)"),
    ("law.31.31-29B.when", "not accepted: cancelled, the auction reverts to the player whose turn it was (Law 29B)", "nicht angenommen: aufgehoben, die Reizung geht an den Spieler zurück, der an der Reihe war (§ 29 B)", "ikke accepteret: annulleret, meldeforløbet går tilbage til spilleren, der var i tur (§ 29B)"),
    // Law 32.
    ("law.32.32-29A.when", "the offender's LHO calls over it: accepted (Law 29A)", "der linke Gegner des Schuldigen sagt darüber an: angenommen (§ 29 A)", "den fejlendes MTV melder over: accepteret (§ 29A)"),
    ("law.32.32-28B.when", "the player whose turn it was calls before rectification (Law 28B)", "der Spieler, der an der Reihe war, sagt vor der Berichtigung an (§ 28 B)", "spilleren, der var i tur, melder før berigtigelsen (§ 28B)"),
    ("law.32.32-29B.when", "not accepted: cancelled, the auction reverts to the player whose turn it was (Law 29B)", "nicht angenommen: aufgehoben, die Reizung geht an den Spieler zurück, der an der Reihe war (§ 29 B)", "ikke accepteret: annulleret, meldeforløbet går tilbage til spilleren, der var i tur (§ 29B)"),
    // Law 30.
    ("law.30.30A.when", "at the offender's RHO's turn", "als der rechte Gegner des Schuldigen an der Reihe war", "da den fejlendes MTH var i tur"),
    ("law.30.30B1a.when", "at partner's turn (or LHO's before the offender called); partner calls freely", "als der Partner an der Reihe war (oder der linke Gegner, bevor der Schuldige angesagt hatte); der Partner sagt frei an", "da makker var i tur (eller MTV, før den fejlende havde meldt); makker melder frit"),
    ("law.30.30B1bi.when", "the offender's later call is comparable", "die spätere Ansage des Schuldigen ist vergleichbar", "den fejlendes senere melding er tilsvarende"),
    ("law.30.30B1bi.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    ("law.30.30B1bii.when", "the offender's later call is not comparable", "die spätere Ansage des Schuldigen ist nicht vergleichbar", "den fejlendes senere melding er ikke tilsvarende"),
    ("law.30.30B1bii.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    ("law.30.30C.when", "an artificial pass, or a pass of an artificial call: Law 31 applies", "ein künstlicher Pass oder ein Pass auf eine künstliche Ansage: § 31 wird angewandt", "et kunstigt pas eller et pas over en kunstig melding: § 31 anvendes"),
    ("law.30.30C.judgement", "Was the pass artificial, or a pass of an artificial call?", "War der Pass künstlich oder ein Pass auf eine künstliche Ansage?", "Var passet kunstigt eller et pas over en kunstig melding?"),
    // Law 31.
    ("law.31.31A1.when", "at RHO's turn; RHO passes: the offender must repeat his call", "als der rechte Gegner an der Reihe war; der rechte Gegner passt: der Schuldige muss seine Ansage wiederholen", "da MTH var i tur; MTH melder pas: den fejlende skal gentage sin melding"),
    ("law.31.31A2a.when", "RHO called; the offender's call is comparable", "der rechte Gegner hat angesagt; die Ansage des Schuldigen ist vergleichbar", "MTH har meldt; den fejlendes melding er tilsvarende"),
    ("law.31.31A2a.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    ("law.31.31A2b.when", "RHO called; the offender's call is not comparable", "der rechte Gegner hat angesagt; die Ansage des Schuldigen ist nicht vergleichbar", "MTH har meldt; den fejlendes melding er ikke tilsvarende"),
    ("law.31.31A2b.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    ("law.31.31B1.when", "at partner's turn (or LHO's before the offender called): partner calls freely", "als der Partner an der Reihe war (oder der linke Gegner, bevor der Schuldige angesagt hatte): der Partner sagt frei an", "da makker var i tur (eller MTV, før den fejlende havde meldt): makker melder frit"),
    ("law.31.31B2a.when", "the offender's later call is comparable", "die spätere Ansage des Schuldigen ist vergleichbar", "den fejlendes senere melding er tilsvarende"),
    ("law.31.31B2a.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    ("law.31.31B2b.when", "the offender's later call is not comparable", "die spätere Ansage des Schuldigen ist nicht vergleichbar", "den fejlendes senere melding er ikke tilsvarende"),
    ("law.31.31B2b.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    // Law 32.
    ("law.32.32A1.when", "at RHO's turn; RHO passes: the offender must repeat the double or redouble", "als der rechte Gegner an der Reihe war; der rechte Gegner passt: der Schuldige muss das Kontra oder Rekontra wiederholen", "da MTH var i tur; MTH melder pas: den fejlende skal gentage doblingen eller redoblingen"),
    ("law.32.32A2a.when", "RHO called; the offender's call is comparable", "der rechte Gegner hat angesagt; die Ansage des Schuldigen ist vergleichbar", "MTH har meldt; den fejlendes melding er tilsvarende"),
    ("law.32.32A2a.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    ("law.32.32A2b.when", "RHO called; the offender's call is not comparable", "der rechte Gegner hat angesagt; die Ansage des Schuldigen ist nicht vergleichbar", "MTH har meldt; den fejlendes melding er ikke tilsvarende"),
    ("law.32.32A2b.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    ("law.32.32B1.when", "at partner's turn: partner calls freely", "als der Partner an der Reihe war: der Partner sagt frei an", "da makker var i tur: makker melder frit"),
    ("law.32.32B2a.when", "the offender's later call is comparable", "die spätere Ansage des Schuldigen ist vergleichbar", "den fejlendes senere melding er tilsvarende"),
    ("law.32.32B2a.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    ("law.32.32B2b.when", "the offender's later call is not comparable", "die spätere Ansage des Schuldigen ist nicht vergleichbar", "den fejlendes senere melding er ikke tilsvarende"),
    ("law.32.32B2b.judgement", "Is the offender's call comparable (Law 23A)?", "Ist die Ansage des Schuldigen vergleichbar (§ 23 A)?", "Er den fejlendes melding en tilsvarende melding (§ 23A)?"),
    // Law 36.
    ("law.36.36A.when", "the offender's LHO called before rectification", "der linke Gegner des Schuldigen hat vor der Berichtigung angesagt", "den fejlendes MTV meldte før berigtigelsen"),
    ("law.36.36B.when", "rectified before LHO called: offender substitutes a legal call", "berichtigt, bevor der linke Gegner angesagt hat: der Schuldige ersetzt sie durch eine regelkonforme Ansage", "berigtiget, før MTV meldte: den fejlende erstatter den med en lovlig melding"),
    ("law.36.36C.when", "noticed only after the opening lead is faced", "erst bemerkt, nachdem das erste Ausspiel aufgedeckt ist", "først opdaget, efter at åbningsudspillet er vendt"),
    // Law 37.
    ("law.37.37A.when", "the offender's LHO called before rectification: all calls stand", "der linke Gegner des Schuldigen hat vor der Berichtigung angesagt: alle Ansagen bleiben bestehen", "den fejlendes MTV meldte før berigtigelsen: alle meldinger står ved magt"),
    ("law.37.37B.when", "otherwise: replaced by a pass, both offenders pass for the rest of the auction", "sonst: durch Pass ersetzt, beide Schuldigen passen für den Rest der Reizung", "ellers: erstattet af pas, begge fejlende melder pas resten af meldeforløbet"),
    // Law 38.
    ("law.38.38B.when", "rectified before LHO called", "berichtigt, bevor der linke Gegner angesagt hat", "berigtiget, før MTV meldte"),
    ("law.38.38D.when", "the offender's LHO called before rectification", "der linke Gegner des Schuldigen hat vor der Berichtigung angesagt", "den fejlendes MTV meldte før berigtigelsen"),
    // Law 39.
    ("law.39.39B.when", "LHO called, or a defender's pass, or any call by declarer or dummy", "der linke Gegner hat angesagt, ein Gegenspieler hat gepasst, oder eine beliebige Ansage des Alleinspielers oder des Dummys", "MTV har meldt, en modspiller har meldt pas, eller en hvilken som helst melding fra spilfører eller den blinde"),
    ("law.39.39C.when", "a defender's bid, double or redouble, LHO has not called", "Gebot, Kontra oder Rekontra eines Gegenspielers, der linke Gegner hat nicht angesagt", "en modspillers bud, dobling eller redobling, MTV har ikke meldt"),
    // Law 50.
    ("law.50.50C.when", "minor: a single card below honour rank exposed unintentionally", "Nebenstrafkarte: eine einzelne Karte unterhalb des Rangs einer Figur, unabsichtlich sichtbar geworden", "lille strafkort: et enkelt kort under honnørrang, vist utilsigtet"),
    ("law.50.50C.judgement", "Was the card exposed unintentionally?", "Wurde die Karte unabsichtlich sichtbar?", "Blev kortet vist utilsigtet?"),
    ("law.50.50D1.when", "major: must be played at the first legal opportunity", "Hauptstrafkarte: muss bei der ersten regelkonformen Gelegenheit gespielt werden", "stort strafkort: skal spilles ved første lovlige lejlighed"),
    ("law.50.50D2a-require.when", "partner on lead: declarer requires the suit", "Partner am Ausspiel: der Alleinspieler verlangt die Farbe", "makker skal spille ud: spilfører kræver farven"),
    ("law.50.50D2a-forbid.when", "partner on lead: declarer forbids the suit while partner keeps the lead", "Partner am Ausspiel: der Alleinspieler verbietet die Farbe, solange der Partner am Ausspiel bleibt", "makker skal spille ud: spilfører forbyder farven, så længe makker bevarer udspillet"),
    ("law.50.50D2b.when", "partner on lead: declarer chooses neither", "Partner am Ausspiel: der Alleinspieler wählt keines von beiden", "makker skal spille ud: spilfører vælger ingen af delene"),
    ("law.50.51A.when", "two or more penalty cards playable: declarer designates which", "zwei oder mehr Strafkarten spielbar: der Alleinspieler bestimmt, welche", "to eller flere strafkort kan spilles: spilfører bestemmer hvilket"),
    // Law 52.
    ("law.52.52B1.when", "declarer accepts the card played (must, if he has played since)", "der Alleinspieler nimmt die gespielte Karte an (muss es, wenn er danach schon gespielt hat)", "spilfører accepterer det spillede kort (skal, hvis han har spillet siden)"),
    ("law.52.52B2.when", "declarer requires the penalty card: the wrong card becomes a major penalty card", "der Alleinspieler verlangt die Strafkarte: die falsche Karte wird Hauptstrafkarte", "spilfører kræver strafkortet: det forkerte kort bliver et stort strafkort"),
    // Law 53-56.
    ("law.53-56.53A.when", "accepted by statement or by the next hand playing to it", "angenommen durch eine Bemerkung oder dadurch, dass die nächste Hand dazu zugibt", "accepteret ved en udtalelse eller ved at næste hånd spiller til det"),
    ("law.53-56.53B.when", "the correct leader, an opponent of the offender, simply leads: his lead stands", "der richtige Ausspieler, ein Gegner des Schuldigen, spielt einfach aus: sein Ausspiel gilt", "den rigtige udspiller, en modstander af den fejlende, spiller blot ud: hans udspil står ved magt"),
    ("law.53-56.54A.when", "opening lead out of turn: declarer spreads his hand", "erstes Ausspiel außer der Reihe: der Alleinspieler deckt seine Hand auf", "åbningsudspil uden for tur: spilfører lægger sin hånd ned"),
    ("law.53-56.54B.when", "opening lead out of turn: declarer accepts", "erstes Ausspiel außer der Reihe: der Alleinspieler nimmt es an", "åbningsudspil uden for tur: spilfører accepterer"),
    ("law.53-56.54C.when", "declarer could have seen dummy's cards: must accept", "der Alleinspieler könnte Karten des Dummys gesehen haben: er muss annehmen", "spilfører kunne have set den blindes kort: skal acceptere"),
    ("law.53-56.54C.judgement", "Could declarer have seen any of dummy's cards?", "Könnte der Alleinspieler irgendeine Karte des Dummys gesehen haben?", "Kunne spilfører have set et eller flere af den blindes kort?"),
    ("law.53-56.54D.when", "opening lead out of turn refused", "erstes Ausspiel außer der Reihe abgelehnt", "åbningsudspil uden for tur ikke accepteret"),
    ("law.53-56.55A.when", "declarer's lead out of turn accepted by a defender", "Ausspiel des Alleinspielers außer der Reihe von einem Gegenspieler angenommen", "spilførers udspil uden for tur accepteret af en modspiller"),
    ("law.53-56.55B.when", "declarer's lead out of turn must be retracted", "Ausspiel des Alleinspielers außer der Reihe muss zurückgenommen werden", "spilførers udspil uden for tur skal tages tilbage"),
    ("law.53-56.56.when", "defender's lead out of turn not accepted", "Ausspiel eines Gegenspielers außer der Reihe nicht angenommen", "en modspillers udspil uden for tur ikke accepteret"),
    // Law 57.
    ("law.57.57A1.when", "declarer requires partner's highest card of the suit led", "der Alleinspieler verlangt die höchste Karte des Partners in der ausgespielten Farbe", "spilfører kræver makkers højeste kort i den udspillede farve"),
    ("law.57.57A2.when", "declarer requires partner's lowest card of the suit led", "der Alleinspieler verlangt die niedrigste Karte des Partners in der ausgespielten Farbe", "spilfører kræver makkers laveste kort i den udspillede farve"),
    ("law.57.57A3.when", "declarer requires a card of another named suit", "der Alleinspieler verlangt eine Karte einer anderen, von ihm benannten Farbe", "spilfører kræver et kort i en anden farve, som han vælger"),
    ("law.57.57A4.when", "declarer forbids another named suit", "der Alleinspieler verbietet eine andere, von ihm benannte Farbe", "spilfører forbyder en anden farve, som han vælger"),
    ("law.57.57C.when", "declarer had already played from both hands", "der Alleinspieler hatte bereits aus beiden Händen gespielt", "spilfører havde allerede spillet fra begge hænder"),
    // Law 58.
    ("law.58.58A.when", "a card played at the same time as a legal play counts as played after it", "eine gleichzeitig mit einem regelkonformen Spiel gespielte Karte gilt als danach gespielt", "et kort spillet samtidig med et lovligt ud- eller tilspil anses for spillet derefter"),
    ("law.58.58B1.when", "several cards from one hand, one face visible: that card is played", "mehrere Karten aus einer Hand, nur eine Bildseite sichtbar: diese Karte ist gespielt", "flere kort fra én hånd, kun ét med billedsiden synlig: det kort er spillet"),
    ("law.58.58B2.when", "several visible: the offender chooses; a defender's other visible cards are penalty cards", "mehrere sichtbar: der Schuldige bestimmt die Karte; die übrigen sichtbaren Karten eines Gegenspielers werden Strafkarten", "flere synlige: den fejlende vælger; en modspillers øvrige synlige kort bliver strafkort"),
    // Law 61-64.
    ("law.61-64.62B1.when", "corrected before establishment; card from a defender's unfaced hand", "vor der Vollendung berichtigt; Karte aus der verdeckten Hand eines Gegenspielers", "rettet før etablering; kort fra en modspillers skjulte hånd"),
    ("law.61-64.62B2.when", "corrected before establishment; declarer's, dummy's or a faced card", "vor der Vollendung berichtigt; Karte des Alleinspielers, des Dummys oder eine aufgedeckte Karte", "rettet før etablering; spilførers, den blindes eller et åbent kort"),
    ("law.61-64.62C3.when", "both sides revoked in the same trick, only one side has played to the next: both corrected", "beide Parteien haben im selben Stich revoket, nur eine hat zum nächsten Stich gespielt: beide werden berichtigt", "begge sider har begået kulørsvigt i samme stik, kun den ene side har spillet til næste stik: begge rettes"),
    ("law.61-64.62D.when", "revoke on trick 12: corrected even if established", "Revoke im zwölften Stich: wird auch vollendet berichtigt", "kulørsvigt i stik 12: rettes, selv om den er etableret"),
    ("law.61-64.64A1.when", "established; the offender won the revoke trick", "vollendet; der Schuldige hat den Revokestich gewonnen", "etableret; den fejlende vandt stikket med kulørsvigten"),
    ("law.61-64.64A2.when", "established; the offender did not win the revoke trick", "vollendet; der Schuldige hat den Revokestich nicht gewonnen", "etableret; den fejlende vandt ikke stikket med kulørsvigten"),
    ("law.61-64.64B.when", "established, but one of the eight no-transfer cases", "vollendet, aber einer der acht Fälle ohne Stichübertragung", "etableret, men et af de otte tilfælde uden overførsel af stik"),
    // Law 67.
    ("law.67.67A.when", "noticed before both sides played to the next trick: offender adds a card", "bemerkt, bevor beide Parteien zum nächsten Stich gespielt haben: der Schuldige fügt eine Karte hinzu", "opdaget, før begge sider har spillet til næste stik: den fejlende tilføjer et kort"),
    ("law.67.67B1.when", "noticed later; the offender did not play: he adds a card, treated as a revoke", "später bemerkt; der Schuldige hat nicht gespielt: er fügt eine Karte hinzu, behandelt wie ein Revoke", "opdaget senere; den fejlende har ikke spillet: han tilføjer et kort, som behandles som en kulørsvigt"),
    ("law.67.67B2.when", "noticed later; the offender played more than one card: extra cards go back", "später bemerkt; der Schuldige hat mehr als eine Karte gespielt: die überzähligen Karten gehen zurück", "opdaget senere; den fejlende har spillet mere end ét kort: de overskydende kort tages tilbage"),
    ("law.67.67B2.judgement", "Which card was faced to the trick?", "Welche Karte wurde zum Stich aufgedeckt?", "Hvilket kort blev lagt åbent til stikket?"),
    // Law 68-71.
    ("law.68-71.68B2.when", "a defender's concession, partner objects at once: no concession", "Konzession eines Gegenspielers, der Partner widerspricht sofort: keine Konzession", "en modspillers afkald, makker protesterer straks: intet afkald"),
    ("law.68-71.69A.when", "all agree: scored as if played", "alle stimmen zu: gewertet, als wäre gespielt worden", "alle er enige: scores, som om det var spillet"),
    ("law.68-71.68D2b.when", "play continues at the non-claimers' request, all four agree: claim void", "auf Wunsch der Gegner des Claimenden wird weitergespielt, alle vier stimmen zu: der Claim ist hinfällig", "spillet fortsætter efter ønske fra modparten, alle fire er enige: kravet bortfalder"),
    ("law.68-71.70.when", "disputed: the TD rules the tricks", "bestritten: der Turnierleiter entscheidet über die Stiche", "bestridt: turneringslederen afgør stikkene"),
    ("law.68-71.70.judgement", "How many tricks does the claimer get (Law 70)?", "Wie viele Stiche erhält der Claimende (§ 70)?", "Hvor mange stik får den, der gør krav (§ 70)?"),
    ("law.68-71.69B.when", "agreement withdrawn in the correction period for a trick actually or probably won", "Zustimmung innerhalb der Korrekturfrist zurückgezogen für einen Stich, der tatsächlich oder wahrscheinlich gewonnen wurde", "accept trukket tilbage i rettelsesfristen for et stik, der faktisk eller sandsynligvis var vundet"),
    ("law.68-71.69B.judgement", "Was the trick actually won, or probably won (Law 69B2)?", "Wurde der Stich tatsächlich oder wahrscheinlich gewonnen (§ 69 B 2)?", "Blev stikket faktisk eller sandsynligvis vundet (§ 69B2)?"),
    ("law.68-71.71.when", "concession cancelled in the correction period", "Konzession innerhalb der Korrekturfrist aufgehoben", "afkald annulleret i rettelsesfristen"),
    ("law.68-71.71.judgement", "Was the trick actually won, or impossible to lose by normal play?", "Wurde der Stich tatsächlich gewonnen, oder konnte er bei normalem Spiel nicht verloren werden?", "Blev stikket faktisk vundet, eller kunne det ikke tabes ved normalt spil?"),
];

/// The title of an irregularity's decision tree in `lang`, found by the irregularity's phase
/// and law (a play irregularity's `54` or `64A1` belongs to the tree `53-56` or `61-64`);
/// `None` for a law without a tree.
pub fn tree_title(lang: super::Lang, phase: &str, law: &str) -> Option<&'static str> {
    let tree = if phase == "play" {
        crate::bridge::tables::play_tree(law)
    } else {
        crate::bridge::irregularity::auction_tree(law)
    }?;
    super::lookup(lang, &format!("law.{}.title", tree.law))
}
