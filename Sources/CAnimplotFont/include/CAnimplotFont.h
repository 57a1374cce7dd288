// The bytes of the bundled font file DejaVuSans.ttf, from DejaVuSans.S.
#ifndef CANIMPLOTFONT_H
#define CANIMPLOTFONT_H

extern const unsigned char animplot_dejavu_sans_start[];
extern const unsigned char animplot_dejavu_sans_end[];

/// The first byte of DejaVuSans.ttf; the bytes live as long as the process.
static inline const unsigned char *animplot_dejavu_sans_bytes(void) {
  return animplot_dejavu_sans_start;
}

/// The size of DejaVuSans.ttf in bytes.
static inline long animplot_dejavu_sans_count(void) {
  return animplot_dejavu_sans_end - animplot_dejavu_sans_start;
}

#endif
