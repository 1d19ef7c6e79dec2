"""Arctic (Ludonaute, 2024): the pure rules engine."""
