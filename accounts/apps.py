from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        from .personal_data import Holder, account_section, register
        from .services import release_own_rows
        from .signals import connect

        connect()
        register(Holder("accounts", export=account_section, release=release_own_rows))
