"""Arctica."""
