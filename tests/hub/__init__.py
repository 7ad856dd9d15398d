"""The JupyterHub deployment's test (issue 7). A package, so that its conftest does not take the
name `conftest` from the browser tests' (which they import)."""
