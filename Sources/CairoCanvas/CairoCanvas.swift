// The CairoCanvas module; see DESIGN.md.
