"""Translation defects we found by reading the English, French and Italian Dust Collectorz rules line
by line (V202310.09, V202310.21, V202311.02): our own list, the yardstick of the checker's precision and
recall. A third reading side by side (issue 33) added the entries marked so. Each entry names an anchor, or the words a term is written with, and quotes no more of the
publisher's text than a few words.

A located defect matches a finding at its anchor in its language about one of its `hint` words ("*":
any finding there). A terminology defect matches a finding in its language, wherever it is, that is
about one of its words where the translation writes one of them.
"""

from dataclasses import dataclass

VERSUS = "mode-two-player-versus"
TEAM = "mode-four-player-team"
FFA = "mode-three-and-four-player-free-for-all"
YOUNG = "game-mode-young-champions-age-4"


@dataclass(frozen=True)
class Located:
    language: str
    anchor: str
    severity: str  # meaning, typo
    note: str
    hint: tuple


@dataclass(frozen=True)
class Term:
    language: str
    words: tuple
    note: str
    severity: str = "terminology"


DEFECTS = [
    # French: meaning
    Located(
        "fr", "glossary-beats", "meaning", "'Battements' (heartbeats) as the headword for Beats", hint=("battements",)
    ),
    Located("fr", "glossary-nullify", "meaning", "'Nul' (null, a draw) for Nullify", hint=("nul",)),
    Located(
        "fr",
        f"{VERSUS}-gameplay-4",
        "meaning",
        "'Valeur Statutaire' (statutory value) for Stat Value",
        hint=("statutaire",),
    ),
    Located(
        "fr", f"{FFA}-gameplay-3", "meaning", "the Leading Player becomes 'le premier joueur'", hint=("leading player",)
    ),
    Located(
        "fr",
        f"{FFA}-gameplay-5",
        "meaning",
        "'en tant que premier joueur' for as the Leading Player",
        hint=("leading player",),
    ),
    Located(
        "fr",
        f"{TEAM}-end-of-the-game-p1",
        "meaning",
        "'ou en cas de débordement' for 'and Overflow'",
        hint=("débordement", "overflow"),
    ),
    Located(
        "fr",
        f"{FFA}-end-of-the-game-p1",
        "meaning",
        "'ou en cas de débordement' for 'and Overflow'",
        hint=("débordement", "overflow"),
    ),
    Located(
        "fr",
        f"{YOUNG}-gameplay-2",
        "meaning",
        "'dépoussiéreur' (a dust extractor) for Dust Collector",
        hint=("dust collector", "dépoussiéreur"),
    ),
    Located(
        "fr",
        f"{YOUNG}-gameplay-5",
        "meaning",
        "'qu'il ne puisse plus bouger': that player, not anyone",
        hint=("bouger",),
    ),
    Located("fr", f"{YOUNG}-tie-game-p1", "meaning", "'par exemple' (e.g.) for i.e.", hint=("par exemple",)),
    # French: typos
    Located("fr", "glossary-rank", "typo", "'Epique' without its accent", hint=("epique",)),
    Located(
        "fr", f"{VERSUS}-gameplay-7", "typo", "'A la fin' where the text writes 'À la fin' elsewhere", hint=("a", "à")
    ),
    # French: terminology
    Term("fr", ("manche", "tour", "round"), "Round written Manche, Tour and round"),
    Term("fr", ("tour",), "Tour for both Round and Turn"),
    Term("fr", ("affrontement", "choc", "clash"), "Clash written affrontement, choc and Clash"),
    Term("fr", ("pion", "compteur", "counter", "contre"), "Counter type written Pion, compteur, Counter, Contre"),
    Term("fr", ("platine", "platinum"), "Platinum written Platine and Platinum"),
    Term("fr", ("deck", "pioche"), "Deck written Deck and pioche"),
    Term(
        "fr",
        ("joueur principal", "joueur en tête", "leader", "joueur de tête", "premier joueur"),
        "Leading Player written five ways",
    ),
    Term(
        "fr",
        ("stat", "stats", "valeur de stat", "valeurs de stat", "valeur statutaire", "statistique", "statistiques"),
        "Stat Value written Stat, valeur de Stat, statistique",
    ),
    Term(
        "fr",
        (
            "équipe en défense",
            "équipe défensive",
            "équipe des défenseurs",
            "équipe attaquante",
            "équipe des attaquants",
        ),
        "Defending and Attacking Team written three and two ways (seen on a second reading)",
    ),
    Term("fr", ("empilage", "empilement", "empilées"), "Stacking written empilage and empilement"),
    Term("fr", ("tribu faible", "tribu plus faible"), "Weaker Tribe written Tribu faible and Tribu plus faible"),
    Term("fr", ("roue de la tribu", "roue des tribus"), "tribe wheel written roue de la tribu"),
    Term("fr", ("déroulement du jeu", "le jeu"), "the Gameplay heading written two ways"),
    Term("fr", ("match nul", "égalité"), "the Tie Game heading written two ways"),
    Term(
        "fr",
        ("score", "décompte des points", "calcul des points", "attribution des points"),
        "Scoring written four ways (the fourth, in the Discard Pile entry, seen on a third reading)",
    ),
    # French, third reading side by side (issue 33)
    Located(
        "fr",
        "glossary-stacking",
        "terminology",
        "the stack's 'valeur' drops Stat: Stat Value written as a bare value",
        hint=("stat value",),
    ),
    Located("fr", "preamble-p1", "typo", "'préversion' where the heading writes 'pré-version'", hint=("préversion",)),
    # Italian: meaning
    Located("it", "preamble-p1", "meaning", "the sentence on prerelease decks is dropped", hint=("*",)),
    Located("it", "pre-release-ruleset-note-1", "meaning", "'leggi' (read) for follow", hint=("leggi",)),
    Located("it", f"{VERSUS}-p1", "meaning", "'di ogni giocatore' (every player) for any player", hint=("ogni",)),
    Located("it", f"{VERSUS}-gameplay-1", "meaning", "face up is dropped", hint=("face",)),
    Located(
        "it",
        f"{VERSUS}-gameplay-6",
        "meaning",
        "the -1 / +1 tribe modifiers are dropped",
        # "tribe": the rule's only mentions of Tribe are in the dropped clause.
        hint=("1", "weaker tribe", "stronger tribe", "tribe"),
    ),
    Located("it", f"{VERSUS}-gameplay-6", "meaning", "'finendo il Round' for ending the Turn", hint=("turn",)),
    Located(
        "it", f"{TEAM}-gameplay-2", "meaning", "'Il Team Difensore' for the Defending Team player", hint=("player",)
    ),
    Located("it", f"{TEAM}-scoring-b1", "meaning", "'Bronzo e Oro' for Bronze & Silver", hint=("silver", "oro")),
    Located(
        "it",
        f"{YOUNG}-setup-3",
        "meaning",
        "'le figure più collezionabili' for the most collectible figures",
        hint=("figure",),
    ),
    Located("it", "end-of-the-game-and-scoring-p1", "meaning", "'Mazzo o Mano' (or) for Deck and Hand", hint=("o",)),
    Located("it", f"{YOUNG}-tie-game-p1", "meaning", "'es:' (e.g.) for i.e.", hint=("es",)),
    Located("it", "glossary-winning-team", "meaning", "'modalità a quattro giocatori' drops team", hint=("team",)),
    Located("it", "glossary-stat-value", "meaning", "'attacco' (attack) for the power stat", hint=("attacco",)),
    # Italian, third reading side by side (issue 33)
    Located(
        "it",
        f"{VERSUS}-gameplay-2",
        "meaning",
        "'rispondere all'attacco' (the attack) for the Attacker",
        hint=("attacker",),
    ),
    Located(
        "it", f"{TEAM}-gameplay-6", "meaning", "'il giocatore pesca': one player draws, not the players", hint=("*",)
    ),
    Located(
        "it", f"{FFA}-scoring-b7", "meaning", "'numero totale nella' drops 'of cards': the number of what", hint=("*",)
    ),
    Term("it", ("squadra", "team"), "Team written Team and squadra (Ally, Last Round Bonus, Team gameplay 5)"),
    # Italian: typos
    Located("it", "deck-composition-1", "typo", "'compost' for composto", hint=("compost",)),
    Located("it", f"{TEAM}-gameplay-2", "typo", "'le stessa carte'", hint=("stessa",)),
    Located("it", f"{TEAM}-setup-3", "typo", "'a se' for a sé", hint=("se",)),
    Located("it", f"{FFA}-p1", "typo", "'viene e battuto'", hint=("viene",)),
    Located("it", f"{FFA}-gameplay-5", "typo", "'Prede' for Prende", hint=("prede",)),
    Located("it", f"{FFA}-gameplay-6", "typo", "'Roud' for Round", hint=("roud", "round")),
    Located("it", "glossary-discard-pile", "typo", "'contanti' (cash) for contati", hint=("contanti",)),
    Located("it", f"{YOUNG}-gameplay-2", "typo", "'sono determinata' for determinate", hint=("determinata",)),
    Located("it", f"{YOUNG}-gameplay-4", "typo", "'un Catena' for una Catena", hint=("un",)),
    Located("it", f"{YOUNG}-setup-2", "typo", "'formano' (they form) for forming", hint=("formano",)),
    # Italian: terminology
    Term("it", ("contrattacco", "contratto"), "Counter type written Contrattacco and Contratto"),
    Term("it", ("mazzo", "deck"), "Deck written Mazzo and Deck"),
    Term("it", ("statistica", "statistiche", "valore statistico"), "Stat Value written Statistica, Valore Statistico"),
    Term("it", ("giocatore in testa", "giocatore leader"), "Leading Player written in Testa and Leader"),
    Term(
        "it",
        ("scontro", "sfida", "giocatore contro giocatore"),
        "versus written sfida and scontro, which is also Clash and the free-for-all",
    ),
    Term("it", ("pila scarti", "pile scartate", "pila scartate"), "Discard Pile written Pila Scarti, Pile Scartate"),
    Term("it", ("mode", "modalità"), "mode left in English in the headings, Modalità in the text"),
    Term("it", ("eccesso",), "Eccesso is both Overflow and part of Excess Power"),
]


def _folded(text):
    from rules.checking.text import words

    return " ".join(words(str(text))) or str(text)


def _within(part, whole):
    """Whether the words of `part` occur in a row in `whole` (accents, case and plurals aside)."""
    from rules.checking.text import find_phrase, tokens

    if str(part).isdigit():
        return str(part) == str(whole)
    return bool(find_phrase(_folded(part), tokens(str(whole))))


def matches(finding, defect):
    """Whether a checker finding is (an instance of) one of our defects."""
    if finding.language != defect.language:
        return False
    if isinstance(defect, Located):
        return finding.anchor == defect.anchor and (
            "*" in defect.hint or any(_within(h, w) for h in defect.hint for w in finding.words)
        )
    about = any(_within(word, subject) for word in defect.words for subject in finding.words)
    written = any(_within(word, finding.texts.get(defect.language) or "") for word in defect.words)
    return about and written
