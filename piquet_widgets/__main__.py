"""`python -m piquet_widgets` is the `piquet-widgets` command."""

from piquet_widgets.cli import main

raise SystemExit(main())
