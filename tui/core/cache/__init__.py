"""What is kept between runs, keyed by file signature: the parse cache (parse) and the last audit (audit)."""
