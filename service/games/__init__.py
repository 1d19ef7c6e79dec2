"""Recording and replaying games of any kind through the event store."""
