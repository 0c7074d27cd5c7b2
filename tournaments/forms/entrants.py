"""Entrants' forms: a walk-in, a team, a player with an account, self-registration."""

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext_lazy as _

from core.text import shown_text
from decks.models import Deck, DeckVersion

from .decklists import _submitted_choices


class WalkInForm(forms.Form):
    name = forms.CharField(label=_("Walk-in name"), max_length=120, validators=[shown_text])


class TeamForm(forms.Form):
    team_name = forms.CharField(label=_("Team name"), max_length=120, validators=[shown_text])
    member_1 = forms.CharField(label=_("First member"), max_length=120, validators=[shown_text])
    member_2 = forms.CharField(label=_("Second member"), max_length=120, validators=[shown_text])


class PlayerForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(_("No account with the username “%(username)s”.") % {"username": username})
        return user


def latest_deck_versions(user, game):
    """The user's decks of `game` (not those they deleted), each with the pk of its latest version (`latest`)."""
    latest = DeckVersion.objects.filter(deck=OuterRef("pk")).order_by("-number").values("pk")[:1]
    return (
        Deck.objects.filter(owner=user, game=game, deleted_at__isnull=True)
        .annotate(latest=Subquery(latest))
        .filter(latest__isnull=False)
        .order_by("name")
    )


class RegisterForm(forms.Form):
    deck = forms.TypedChoiceField(label=_("Deck"), coerce=int, empty_value=None)

    def __init__(self, *args, user, event, deck_required=False, entrant=None, **kwargs):
        super().__init__(*args, **kwargs)
        # Dust: Reclamation: nothing to choose. A player joining their team at a team event: the team's
        # deck is registered at the desk (services.entrants_teams.enter_team).
        if not event.uses_decks or (entrant is None and event.mode == event.Mode.TEAM):
            del self.fields["deck"]
            return
        if entrant is not None and entrant.user_id not in (None, user.pk):
            choices = _submitted_choices(event, entrant, user)
        else:
            choices = [
                (deck.latest, f"{deck.name} ({deck.format_slug})") for deck in latest_deck_versions(user, event.game)
            ]
        field = self.fields["deck"]
        field.required = deck_required
        field.choices = choices if deck_required else [("", _("No deck yet")), *choices]
        field.help_text = _("The latest version of one of your %(game)s decks is registered; later edits are not.") % {
            "game": event.game.name
        }
