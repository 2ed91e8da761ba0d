import hypothesis
