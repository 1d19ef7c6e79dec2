"""HTTP concerns around the routes: API docs assets, CORS, compression, conditional GETs, metrics."""
