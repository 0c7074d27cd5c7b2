from django.dispatch import Signal

# Sent after a catalogue import has written a set (kwargs: game slug).
catalogue_imported = Signal()
