"""Read models fed from the event log: tables, the batched runner, rebuilds, and the queries the API reads."""
