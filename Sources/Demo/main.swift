// The terminal demo is being written; until then it prints what it will show.
print("DataSourceGraph demo: coming with the renderers (issue 6).")
