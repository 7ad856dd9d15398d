"""Load, lifecycle, memory and security tests of the app's server (issue 7). A package, so that
its conftest does not take the name `conftest` from the browser tests' (which they import)."""
