// The Canvas module; see DESIGN.md.
