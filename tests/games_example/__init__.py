"""Games that live outside `games/`, registered by the tests that use them (see docs/architecture.md)."""
