"""Crumbs: a tiny ratking game (game id `crumbs`), and the template for a new one."""
