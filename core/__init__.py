"""The bottom layer every app may import: the domain error and task sending. No models."""
