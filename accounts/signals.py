"""A new password revokes the API token: whoever held the old password may hold the token too."""

from django.db.models.signals import pre_save

from .models import User
from .services import revoke_tokens


def revoke_tokens_on_new_password(sender, instance, update_fields=None, **kwargs):
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = User.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        revoke_tokens(instance)


def connect():
    pre_save.connect(revoke_tokens_on_new_password, sender=User, dispatch_uid="accounts-revoke-tokens")
