import json
import math

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import timezone, translation
from django.utils.http import content_disposition_header, url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from core.errors import DomainError
from core.languages import page_in_language, ui_language
from core.text import username_key

from . import limits, personal_data, services
from .forms import DeleteAccountForm, ProfileForm, RecipientLanguagePasswordResetForm, SignUpForm
from .services import log_out_everywhere, set_preferred_language


def _in_language(url, language):
    """The same page in another language (i18n_patterns prefix swapped, query and #anchor kept)."""
    return page_in_language(url, language)


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None, initial={"preferred_language": translation.get_language()})
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        with translation.override(ui_language(user.preferred_language)):  # the page it lands on
            messages.success(request, _("Welcome! Your account has been created."))
        return _redirect_in_language(reverse("home"), user.preferred_language)
    return render(request, "accounts/signup.html", {"form": form})


def _minutes(wait):
    return max(1, math.ceil(wait / 60))


def login_refusal(wait):
    """The message of a refused login: when to try again, in minutes."""
    minutes = _minutes(wait)
    return ngettext(
        "Too many attempts to log in. Try again in %(minutes)s minute.",
        "Too many attempts to log in. Try again in %(minutes)s minutes.",
        minutes,
    ) % {"minutes": minutes}


def limited_login(request, respond, refuse):
    """Run a login page under the limits (accounts.limits): a refused attempt is not even checked;
    a failure counts against the account and the address; a success (a redirect) clears the account."""
    if request.method != "POST":
        return respond()
    username = request.POST.get("username", "")
    keys = limits.login_keys(request, username)
    wait = limits.wait(keys)
    if wait:
        return refuse(wait)
    response = respond()
    if response.status_code in (301, 302, 303):
        limits.clear("login_account", username_key(username))
    else:
        limits.record(keys)
    return response


def _refused_page(request, form_class, wait):
    form = form_class(request, initial={"username": request.POST.get("username", "")[:150]})
    context = {"form": form, "throttled": login_refusal(wait), "next": request.POST.get("next", "")}
    return render(request, "accounts/login.html", context, status=429)


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def get_success_url(self):
        return _in_language(super().get_success_url(), self.request.user.preferred_language)

    def post(self, request, *args, **kwargs):
        return limited_login(
            request,
            lambda: super(LoginView, self).post(request, *args, **kwargs),
            lambda wait: _refused_page(request, self.form_class, wait),
        )

    def form_valid(self, form):
        response = super().form_valid(form)
        language = ui_language(form.get_user().preferred_language)
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, samesite="Lax")
        return response


def admin_login(request, extra_context=None):
    """The admin's login page, limited like the site's (mounted before the admin's URLs)."""
    from django.contrib.admin.forms import AdminAuthenticationForm

    return limited_login(
        request,
        lambda: admin.site.login(request, extra_context),
        lambda wait: _refused_page(request, AdminAuthenticationForm, wait),
    )


class PasswordResetView(auth_views.PasswordResetView):
    """Reset e-mails are limited per address and per e-mail (accounts.limits): each request counts."""

    template_name = "accounts/form_page.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    form_class = RecipientLanguagePasswordResetForm
    success_url = reverse_lazy("accounts:password_reset_done")

    def form_valid(self, form):
        keys = limits.reset_keys(self.request, form.cleaned_data["email"])
        wait = limits.wait(keys)
        if wait:
            minutes = _minutes(wait)
            form.add_error(
                None,
                ngettext(
                    "Too many password reset requests. Try again in %(minutes)s minute.",
                    "Too many password reset requests. Try again in %(minutes)s minutes.",
                    minutes,
                )
                % {"minutes": minutes},
            )
            return self.render_to_response(self.get_context_data(form=form), status=429)
        limits.record(keys)
        return super().form_valid(form)


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        with translation.override(ui_language(user.preferred_language)):
            messages.success(request, _("Your profile has been saved."))
        return _redirect_in_language(reverse("accounts:profile"), user.preferred_language)
    return render(request, "accounts/profile.html", {"form": form})


@login_required
def logout_everywhere(request):
    """End every session of the account (this one too) and revoke its API token, after a confirmation."""
    if request.method == "POST":
        log_out_everywhere(request.user)
        messages.success(request, _("You are logged out on every device. Your API token no longer works."))
        return redirect("accounts:login")
    context = {
        "title": _("Log out everywhere?"),
        "explanation": _(
            "Every browser and phone signed in to your account is logged out, and your API token stops "
            "working. You will need to log in again here too."
        ),
        "button": _("Yes, log out everywhere"),
    }
    return render(request, "accounts/confirm.html", context)


def personal_data_filename():
    """personal-data-2030-05-01.json: the day it was made, in the site's time zone."""
    return f"personal-data-{timezone.localdate():%Y-%m-%d}.json"


@never_cache
@require_safe
@login_required
def personal_data_download(request):
    """Everything the site holds about the signed-in person, as a JSON file (accounts.personal_data;
    `GET /api/v1/me/data/` gives the same document)."""
    body = json.dumps(personal_data.document(request.user), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, personal_data_filename())
    return response


@login_required
def delete_account(request):
    """Says what deleting the account deletes and what it keeps, names the unfinished events that
    still need it, and deletes it on a POST with the current password (services.delete_account)."""
    form = DeleteAccountForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        user, password = request.user, form.cleaned_data["password"]
        try:
            limits.password_confirmed(request, user, lambda: services.delete_account(user, password))
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
            status = error.status
        else:
            logout(request)
            return redirect("accounts:account_deleted")
    context = {"form": form, "needed": personal_data.blockers(request.user)}
    return render(request, "accounts/delete_account.html", context, status=status)


def account_deleted(request):
    """Where a deleted account lands, logged out, in the language of the page it left."""
    return render(request, "accounts/message_page.html", {"title": _("Your account has been deleted")})


@require_POST
def switch_language(request):
    """Switch the UI language and stay on the same page; remember it for signed-in users."""
    language = request.POST.get("language", "")
    if language not in dict(settings.LANGUAGES):
        language = settings.LANGUAGE_CODE
    next_url = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
        next_url = reverse("home")
    if request.user.is_authenticated:
        set_preferred_language(request.user, language)
    return _redirect_in_language(next_url, language)


def _redirect_in_language(url, language):
    language = ui_language(language)
    response = redirect(_in_language(url, language))
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, samesite="Lax")
    return response
