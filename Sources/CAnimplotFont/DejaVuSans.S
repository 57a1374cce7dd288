// The bundled font, DejaVu Sans, linked into the binary as read-only bytes, so that an
// installed animplot needs no font file beside it. `.incbin` finds DejaVuSans.ttf through the
// target's header search path "." (Package.swift). See LICENSE.
#if defined(__APPLE__)
#define SYMBOL(name) _##name
    .section __TEXT,__const
#else
#define SYMBOL(name) name
    .section .rodata
#endif
    .globl SYMBOL(animplot_dejavu_sans_start)
    .globl SYMBOL(animplot_dejavu_sans_end)
    .balign 16
SYMBOL(animplot_dejavu_sans_start):
    .incbin "DejaVuSans.ttf"
SYMBOL(animplot_dejavu_sans_end):
#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack,"",%progbits
#endif
