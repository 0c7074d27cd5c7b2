"""The organiser's result form, checked by the same MatchResult rules as every other path."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.text import shown_text

from ..services.results import played_result


class ResultForm(forms.Form):
    """One table's result: game wins of each player and drawn games, or a place for everyone in a pod.

    Field names are `wins_<entrant id>` / `place_<entrant id>`, so several tables' forms can share a page."""

    def __init__(self, *args, match, seats, event, correction=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.match, self.seats, self.pods = match, seats, event.is_pods
        needed = event.best_of // 2 + 1
        for seat in seats:
            if self.pods:
                self.fields[f"place_{seat.entrant_id}"] = forms.TypedChoiceField(
                    label=seat.entrant.name,
                    choices=[("", "–")] + [(place, str(place)) for place in range(1, len(seats) + 1)],
                    coerce=int,
                )
            else:
                self.fields[f"wins_{seat.entrant_id}"] = forms.IntegerField(
                    label=seat.entrant.name,
                    min_value=0,
                    max_value=needed,
                    widget=forms.NumberInput(attrs={"class": "qty"}),
                )
        if not self.pods:
            self.fields["draws"] = forms.IntegerField(
                label=_("Drawn games"),
                min_value=0,
                max_value=event.best_of,
                required=False,
                widget=forms.NumberInput(attrs={"class": "qty"}),
            )
        # The match version the form was built from (optimistic concurrency); `overwrite` is set only
        # on the page that showed the organiser the newer result they are replacing.
        self.fields["version"] = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
        self.fields["overwrite"] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        if correction:
            self.fields["reason"] = forms.CharField(
                label=_("Reason for the correction"),
                max_length=200,
                validators=[shown_text],
                help_text=_("Kept in the event's log, e.g. “slip signed 2-1, entered 1-2”."),
            )

    @classmethod
    def initial_for(cls, match, seats):
        """The recorded result as initial values (for editing a reported table)."""
        played = played_result(match, seats)  # the site adds the game losses given before the result
        initial = {"draws": match.draws, "version": match.version}
        for seat in seats:
            initial[f"wins_{seat.entrant_id}"] = played.wins[seat.entrant_id] if played.wins else 0
            initial[f"place_{seat.entrant_id}"] = seat.placement
        return initial

    def service_arguments(self):
        data = self.cleaned_data
        concurrency = {"expected_version": data.get("version"), "overwrite": bool(data.get("overwrite"))}
        if self.pods:
            return {
                "placements": {seat.entrant_id: data[f"place_{seat.entrant_id}"] for seat in self.seats},
                **concurrency,
            }
        return {
            "wins": {seat.entrant_id: data[f"wins_{seat.entrant_id}"] for seat in self.seats},
            "draws": data.get("draws") or 0,
            **concurrency,
        }

    # A refusal of the result names a field of the MatchResult rules: one of the form's, or a group.
    GROUPS = {"wins": "wins_", "placements": "place_"}

    def refuse(self, error):
        """Show a refusal of the result (a DomainError) on the form: on the field it names, or, for a
        group (everyone's wins, the places), above the form with each field of the group marked and
        described by it, the summary linking to the first. False if it names none of the fields."""
        names = [error.field] if error.field in self.fields else []
        if not names and error.field in self.GROUPS:
            names = [name for name in self.fields if name.startswith(self.GROUPS[error.field])]
        if len(names) == 1:
            self.add_error(names[0], error.message)
            return True
        self.add_error(None, error.message)
        if not names:
            return False
        self.refusal_id = self.auto_id % "refusal" if self.auto_id else "refusal"
        self.refusal_target = self[names[0]].id_for_label
        for name in names:
            self.fields[name].widget.attrs.update({"aria-invalid": "true", "aria-describedby": self.refusal_id})
        return True
