"""pytest plugin of stepcheck (registered through the ``pytest11`` entry point)."""
