from django import forms
from django.db.models import Case, F, Q, Value, When
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

import games
from core import number_fields
from core.errors import DomainError
from core.numbers import ID_MAX
from core.text import shown_text
from games.cards import search_key

from .decklist import MAX_BYTES, MAX_LINES
from .importing import read_upload
from .models import DESCRIPTION_LENGTH, Collection, CollectionVisibility, Format, Visibility
from .services.collections import ADD, MAX_COPIES, MAX_IMPORT_BYTES, REPLACE, SET
from .variants import (
    CONDITIONS,
    FINISHES,
    LANGUAGES,
    MAX_TAGS,
    NEAR_MINT,
    NORMAL,
    ROW_ORDER,
    TAG_LENGTH,
    UNSTATED,
    read_tags,
    variant_label,
)

NAME_LENGTH = Collection._meta.get_field("name").max_length


class CollectionForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_LENGTH, validators=[shown_text])


class CollectionSettingsForm(CollectionForm):
    visibility = forms.ChoiceField(label=_("Visibility"), choices=CollectionVisibility.choices)


class UploadMixin:
    """A text field that a file upload may fill instead: the file is read (UTF-8, any BOM)
    and checked here, so a bad file is a message on the form, never a server error. The
    file's text replaces the field's, so the page shows (and saves) what was read."""

    text_field = "text"
    max_bytes = MAX_BYTES
    encoding = ""  # what the uploaded file was decoded from

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            try:
                data[self.text_field], self.encoding = read_upload(upload, self.max_bytes)
            except DomainError as error:
                self.add_error("file", error.message)
            else:
                self.data = self.data.copy()
                self.data[self.text_field] = data[self.text_field]
        return data


class ImportForm(UploadMixin, forms.Form):
    max_bytes = MAX_IMPORT_BYTES
    text = forms.CharField(
        label=_("Paste a list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "3 Pocket Puff\n1 Dustpan Trap (PR1) 071"}),
        strip=False,
    )
    file = forms.FileField(
        label=_("Or upload a file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".txt,.csv,.tsv,text/plain,text/csv"}),
    )
    mode = forms.ChoiceField(
        label=_("What to do with these cards"),
        choices=[
            (ADD, _("Add them to the copies I have")),
            (SET, _("Set these cards to these counts (other cards stay)")),
            (REPLACE, _("Replace the whole collection with this list")),
        ],
        initial=ADD,
        required=False,
        widget=forms.RadioSelect,
    )

    def clean(self):
        data = super().clean()
        data["mode"] = data.get("mode") or ADD
        if not self.errors and not data.get("text", "").strip():
            raise forms.ValidationError(_("Paste a list or upload a file."))
        return data


class VariantMixin:
    """A row's finish, condition and language; left out, the defaults (Normal, Near Mint, not stated)."""

    def variant(self, prefix=""):
        data = self.cleaned_data
        return (
            data.get(f"{prefix}finish") or NORMAL,
            data.get(f"{prefix}condition") or NEAR_MINT,
            data.get(f"{prefix}language") or UNSTATED,
        )


def finish_field():
    return forms.ChoiceField(label=_("Finish"), choices=FINISHES.items(), required=False)


def condition_field():
    return forms.ChoiceField(label=_("Condition"), choices=CONDITIONS.items(), required=False)


def language_field():
    return forms.ChoiceField(label=_("Language"), choices=LANGUAGES.items(), required=False)


class CardCountForm(VariantMixin, forms.Form):
    """One row's count: add copies, remove copies, or set the count, as the button says."""

    ADD, REMOVE, SET = "add", "remove", "set"
    card = forms.IntegerField(min_value=1, max_value=ID_MAX, widget=forms.HiddenInput)
    qty = number_fields.IntegerField(label=_("Copies"), min_value=0, max_value=MAX_COPIES)
    action = forms.ChoiceField(choices=[(ADD, ADD), (REMOVE, REMOVE), (SET, SET)])
    finish = finish_field()
    condition = condition_field()
    language = language_field()


class EntryForm(VariantMixin, forms.Form):
    """A row's new finish, condition, language and tags (`finish`... name the row as it is)."""

    card = forms.IntegerField(min_value=1, max_value=ID_MAX, widget=forms.HiddenInput)
    finish = finish_field()
    condition = condition_field()
    language = language_field()
    new_finish = finish_field()
    new_condition = condition_field()
    new_language = language_field()
    tags = forms.CharField(
        label=_("Tags"),
        required=False,
        max_length=MAX_TAGS * (TAG_LENGTH + 2),
    )

    def new_tags(self):
        return read_tags(self.cleaned_data.get("tags", ""))


def format_choices():
    """One choice per format slug (its newest version's name)."""
    choices = {}
    for row in Format.objects.select_related("game").order_by("slug", "-effective"):
        choices.setdefault(row.slug, f"{row.name} ({row.game.name})")
    return list(choices.items())


DECKLIST_HELP = _(
    "Header lines such as “Tokui-Waza: Saiyan”, then one card per line: “2 Card Name”, “2x Card Name (SET) 012” "
    "or “Card Name x2”; or a CSV with quantity and name columns. At most %(lines)s lines and %(kb)s KB."
)


class DeckForm(UploadMixin, forms.Form):
    text_field = "decklist"
    name = forms.CharField(label=_("Name"), max_length=120, validators=[shown_text])
    format = forms.ChoiceField(label=_("Format"))
    visibility = forms.ChoiceField(label=_("Visibility"), choices=Visibility.choices, initial=Visibility.PRIVATE)
    decklist = forms.CharField(
        label=_("Decklist (optional)"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8}),
    )
    file = forms.FileField(label=_("Or upload a decklist file"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices()
        self.fields["decklist"].help_text = DECKLIST_HELP % {"lines": MAX_LINES, "kb": MAX_BYTES // 1024}

    def game(self):
        row = Format.objects.filter(slug=self.cleaned_data["format"]).select_related("game").first()
        return row.game if row else None


def description_field():
    return forms.CharField(
        label=_("Description"),
        required=False,
        max_length=DESCRIPTION_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("What the deck is for and how it plays; shown on its page to everyone who can see it."),
    )


class DeckSettingsForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120, validators=[shown_text])
    description = description_field()
    visibility = forms.ChoiceField(label=_("Visibility"), choices=Visibility.choices)


class DecklistForm(UploadMixin, forms.Form):
    text_field = "decklist"
    decklist = forms.CharField(
        label=_("Decklist"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 20}),
    )
    file = forms.FileField(label=_("Or upload a decklist file"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["decklist"].help_text = DECKLIST_HELP % {"lines": MAX_LINES, "kb": MAX_BYTES // 1024}


class CheckForm(forms.Form):
    as_of = forms.DateField(label=_("Check as of"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    collection = forms.TypedChoiceField(label=_("Against collection"), required=False, coerce=int, empty_value=None)

    def __init__(self, *args, collections=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["collection"].choices = [("", _("No collection"))] + [(c.pk, c.name) for c in collections]


class CompareForm(forms.Form):
    """Two versions of one deck, to compare."""

    older = forms.TypedChoiceField(label=_("From version"), coerce=int)
    newer = forms.TypedChoiceField(label=_("To version"), coerce=int)

    def __init__(self, *args, numbers=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(number, number) for number in numbers]
        self.fields["older"].choices = self.fields["newer"].choices = choices


class DeckListForm(forms.Form):
    """How the deck lists are sorted: last saved first (the default), by name, or by game and format.
    Anything else in the query is the default, never an error page."""

    SORTS = {
        "updated": ("-updated_at", "-pk"),
        "name": (Lower("name"), "pk"),
        "game": ("game__name", "format_slug", Lower("name"), "pk"),
    }
    sort = forms.ChoiceField(
        label=_("Sort by"),
        required=False,
        choices=[("updated", _("Last saved")), ("name", _("Name")), ("game", _("Game and format"))],
    )

    def order(self, decks):
        sort = (self.cleaned_data.get("sort") if self.is_valid() else "") or "updated"
        return decks.order_by(*self.SORTS[sort])


class CloneForm(forms.Form):
    name = forms.CharField(label=_("Name of your copy"), max_length=120)


class BulkValidationForm(forms.Form):
    format = forms.ChoiceField(label=_("Format"))
    as_of = forms.DateField(label=_("Check as of"), widget=forms.DateInput(attrs={"type": "date"}))
    text = forms.CharField(
        label=_("Decklists"),
        required=False,
        strip=False,
        max_length=5 * 1024 * 1024,
        widget=forms.Textarea(
            attrs={"rows": 14, "placeholder": "Name: Alice\n2 Pocket Puff\n...\n---\nName: Bob\n..."}
        ),
        help_text=_(
            "Paste several decklists separated by a line of three dashes (---). A “Name:” line names each one. "
            "At most 5 MB."
        ),
    )
    upload = forms.FileField(
        label=_("Or a zip of .txt files"),
        required=False,
        help_text=_("At most 500 decklists of 100 KB each, 20 MB in all; each file gets its own verdict."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices()

    def clean(self):
        data = super().clean()
        if not data.get("text", "").strip() and not data.get("upload"):
            raise forms.ValidationError(_("Paste decklists or upload a zip file."))
        return data


def in_listed_order(field, labels):
    """Order rows by a field in the order its choices are listed (Mint before Near Mint), not by code."""
    return Case(*(When(Q(**{field: code}), then=Value(index)) for index, code in enumerate(labels)), default=Value(99))


GROUPS = {
    "": ("card__card_set__game__name", "card__name"),
    "set": ("card__card_set__code", "card__name"),
    "tribe": (F("card__tribe__name").asc(nulls_last=True), "card__name"),
    "rank": (F("card__rank").asc(nulls_last=True), "card__name"),
    "type": ("card__type", "card__name"),
    "finish": (in_listed_order("finish", FINISHES), "card__name"),
    "condition": (in_listed_order("condition", CONDITIONS), "card__name"),
    "language": (in_listed_order("language", LANGUAGES), "card__name"),
}


class CollectionFilterForm(forms.Form):
    """Filters and grouping inside one collection; the choices are the values its cards have."""

    UNSTATED = "none"  # the language filter's value for rows of no stated language ("" is "All")

    game = forms.ChoiceField(label=_("Game"), required=False)
    set = forms.ChoiceField(label=_("Set"), required=False)
    tribe = forms.ChoiceField(label=_("Tribe"), required=False)
    rank = forms.ChoiceField(label=_("Rank"), required=False)
    type = forms.ChoiceField(label=_("Type"), required=False)
    finish = forms.ChoiceField(label=_("Finish"), required=False)
    condition = forms.ChoiceField(label=_("Condition"), required=False)
    language = forms.ChoiceField(label=_("Language"), required=False)
    tag = forms.ChoiceField(label=_("Tag"), required=False)
    name = forms.CharField(label=_("Name"), required=False, max_length=100)
    group = forms.ChoiceField(
        label=_("Group by"),
        required=False,
        choices=[
            ("", _("Game")),
            ("set", _("Set")),
            ("tribe", _("Tribe")),
            ("rank", _("Rank")),
            ("type", _("Type")),
            ("finish", _("Finish")),
            ("condition", _("Condition")),
            ("language", _("Language")),
        ],
    )

    def __init__(self, *args, items=None, **kwargs):
        super().__init__(*args, **kwargs)
        present = items.values_list(
            "card__card_set__game__slug",
            "card__card_set__game__name",
            "card__card_set__code",
            "card__tribe__name",
            "card__rank",
            "card__type",
        ).distinct()
        values = {key: {} for key in ("game", "set", "tribe", "rank", "type")}
        for slug, game, set_code, tribe, rank, card_type in present:
            values["game"][slug] = game
            values["set"][set_code] = set_code
            if tribe:
                values["tribe"][tribe] = tribe
            if rank:
                values["rank"][rank] = games.ranks().get(rank, rank)
            values["type"][card_type] = games.card_type_label(card_type)
        for key, found in values.items():
            self.fields[key].choices = [("", _("All"))] + sorted(found.items(), key=lambda item: str(item[1]))
        self._variant_choices(items)

    def _variant_choices(self, items):
        """Finish, condition and language in their own order (Mint first); tags as the player wrote them."""
        rows = list(items.values_list("finish", "condition", "language", "tags"))
        for key, labels, index in (("finish", FINISHES, 0), ("condition", CONDITIONS, 1), ("language", LANGUAGES, 2)):
            present = {row[index] for row in rows}
            self.fields[key].choices = [("", _("All"))] + [
                (code or self.UNSTATED, label) for code, label in labels.items() if code in present
            ]
        tags = sorted({tag for row in rows for tag in row[3]}, key=str.casefold)
        self.fields["tag"].choices = [("", _("All"))] + [(tag, tag) for tag in tags]

    def apply(self, items):
        """The items kept by the filters, ordered for the grouping chosen."""
        data = self.cleaned_data if self.is_valid() else {}
        lookups = {
            "game": "card__card_set__game__slug",
            "set": "card__card_set__code",
            "tribe": "card__tribe__name",
            "rank": "card__rank",
            "type": "card__type",
        }
        for key, lookup in lookups.items():
            if data.get(key):
                items = items.filter(**{lookup: data[key]})
        for key in ("finish", "condition", "language"):
            if data.get(key):
                items = items.filter(**{key: "" if data[key] == self.UNSTATED else data[key]})
        if data.get("tag"):
            # Tags are a JSON list, which SQLite cannot search inside; a collection's rows are few.
            tagged = [pk for pk, tags in items.values_list("pk", "tags") if data["tag"] in tags]
            items = items.filter(pk__in=tagged)
        if data.get("name"):
            items = items.filter(card__search_name__contains=search_key(data["name"]))
        return items.order_by(*GROUPS[data.get("group") or ""], *ROW_ORDER)

    def grouping(self):
        return (self.cleaned_data.get("group") or "") if self.is_valid() else ""

    def label_groups(self, items):
        """Each item's group heading, for the page to start a new group when it changes."""
        group = self.grouping()
        for item in items:
            card = item.card
            item.group_label = {
                "set": card.card_set.code,
                "tribe": card.tribe.name if card.tribe else "—",
                "rank": games.ranks().get(card.rank, card.rank) or "—",
                "type": card.type_label,
                "finish": item.get_finish_display(),
                "condition": item.get_condition_display(),
                "language": item.get_language_display(),
            }.get(group, card.card_set.game.name)
            item.variant_label = variant_label(item.finish, item.condition, item.language)
        return items

    def groups(self, items):
        """The page's rows in their groups, each with its copies and distinct cards counted."""
        groups = []
        for item in self.label_groups(items):
            if not groups or groups[-1]["label"] != item.group_label:
                groups.append({"label": item.group_label, "items": []})
            groups[-1]["items"].append(item)
        for group in groups:
            group["copies"] = sum(item.qty for item in group["items"])
            group["distinct"] = len({item.card_id for item in group["items"]})
        return groups
