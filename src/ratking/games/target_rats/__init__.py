"""Target: Rats (seeds 000 and 001). The board module is shared by the full game (`full/`,
game id `target-rats`) and the Simplified game (`simplified/`, game id
`target-rats-simplified`); each is registered by its own entry point."""
