"""Game analysis as jobs (#37): the queue (PgQueuer) and the worker processes that run them."""
