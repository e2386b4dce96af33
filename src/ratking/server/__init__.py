"""The web app: lobby, tables in real time over websockets, storage, and the front end."""

from .web.app import create_app

__all__ = ["create_app"]
