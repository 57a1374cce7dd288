// The Golden module; see DESIGN.md.
