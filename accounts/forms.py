from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from core.languages import ui_language
from core.text import name_key

from .models import User


def _taken_by_another(name, user=None, display_names=True):
    """Does another account's username (or display name) read as `name`? Look-alikes included."""
    key = name_key(name)
    matches = Q(username_key=key) | Q(display_name_key=key) if display_names else Q(username_key=key)
    others = User.objects.filter(matches)
    if user is not None and user.pk:
        others = others.exclude(pk=user.pk)
    return bool(key) and others.exists()


class SignUpForm(UserCreationForm):
    email = forms.EmailField(required=True)

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email", "preferred_language")

    def clean_username(self):
        """Another person's display name never blocks a username: only usernames are compared."""
        username = super().clean_username()
        if username and not self.has_error("username") and _taken_by_another(username, display_names=False):
            raise forms.ValidationError(
                _("This username looks the same as an existing one. Please choose another."), code="look_alike"
            )
        return username


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "email", "preferred_language")

    def clean_display_name(self):
        display_name = self.cleaned_data["display_name"].strip()
        if display_name and _taken_by_another(display_name, user=self.instance):
            raise forms.ValidationError(
                _("This display name looks the same as another player’s name. Please choose another."),
                code="look_alike",
            )
        return display_name


def recipient_language(user):
    """Mail goes out in the language the recipient chose, never the language of whoever caused it."""
    return translation.override(ui_language(getattr(user, "preferred_language", None)))


class RecipientLanguagePasswordResetForm(PasswordResetForm):
    """The reset e-mail (subject, text, the link's language prefix) in the account's own language."""

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        with recipient_language(context.get("user")):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)


class DeleteAccountForm(forms.Form):
    """Deleting an account asks for its current password (the service checks it)."""

    password = forms.CharField(
        label=_("Your current password"),
        strip=False,
        max_length=4096,  # as the API: a longer one is no password, and hashing it would cost
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
