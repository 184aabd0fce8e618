"""The only code that touches the disk: reading through a provider, safe folders, locks and
creation."""
