"""HTTP route handlers, one concern per module."""
