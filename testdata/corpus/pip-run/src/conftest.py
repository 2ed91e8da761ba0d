collect_ignore = ['examples']
