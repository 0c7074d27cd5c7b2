"""Writes and reads for events: lifecycle, rounds, results and standings. Every write is
atomic, locks the event row first and is recorded in the event's audit log."""
