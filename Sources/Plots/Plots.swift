// The Plots module; see DESIGN.md.
