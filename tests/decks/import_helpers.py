"""A collection import as a player makes it on the page: the preview first, then its Confirm button."""


def import_confirmed(client, url, data, follow=False):
    """Post the list (the page answers with a preview and changes nothing), then confirm that preview.
    A refused list has no preview: its page, with the lines to fix, is returned as it is."""
    preview = client.post(url, data)
    shown = preview.context["preview"] if preview.context and "preview" in preview.context else None
    if shown is None:
        return preview
    confirm = {"text": shown["text"], "mode": shown["mode"], "digest": shown["digest"], "confirm": "1"}
    return client.post(url, confirm, follow=follow)
