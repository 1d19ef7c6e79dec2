"""base layer."""
