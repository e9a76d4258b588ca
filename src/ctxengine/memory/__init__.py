"""Long-term memory: daily Markdown files, MEMORY.md, and the index that searches them."""
