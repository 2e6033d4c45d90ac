"""Rich renderings for the command line (never imported by `tui.core`)."""
