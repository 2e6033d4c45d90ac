"""Screens and modals, one per module."""
