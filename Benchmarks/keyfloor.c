/* The floor under W5's decoding: only writing the model's keys into fresh memory, in C.
 *
 * animplot's Keyframe is 48 bytes (frame, value, two handles, easing parameters, modes), and
 * W5 makes 10,000,000 of them in 1,000 arrays of 10,000 (one per track), on every core. This
 * writes the same bytes the same way (malloc per track, each key stored once, 2 threads)
 * and nothing else: no reading, no checking. Decoding cannot be faster than this.
 *
 * usage: keyfloor TRACKS KEYS_PER_TRACK FILE_BYTES  -> median ms of 5 and MB/s of FILE_BYTES */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { float frame, value, back, amplitude, period, hl[2], hr[2]; unsigned char modes[8]; float pad; } Key;

static int tracks, keys;
static Key **arrays;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void *work(void *arg) {
  long half = (long)arg;
  for (int t = (int)half; t < tracks; t += 2) {
    Key *k = malloc(sizeof(Key) * (size_t)keys);
    for (int i = 0; i < keys; i++) {
      Key v = {(float)i, (float)t, 1.70158f, 0.8f, 4.1f, {(float)i, 0}, {(float)i, 0}, {1, 2, 3, 3, 0, 0, 0, 0}, 0};
      k[i] = v;
    }
    arrays[t] = k;
  }
  return NULL;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: keyfloor TRACKS KEYS FILE_BYTES\n"); return 2; }
  tracks = atoi(argv[1]);
  keys = atoi(argv[2]);
  double bytes = atof(argv[3]);
  if (sizeof(Key) != 48) { fprintf(stderr, "keyfloor: Key is %zu bytes, not 48\n", sizeof(Key)); return 2; }
  arrays = calloc((size_t)tracks, sizeof(Key *));
  double times[5];
  for (int r = 0; r < 5; r++) {
    double start = now();
    pthread_t a, b;
    pthread_create(&a, NULL, work, (void *)0L);
    pthread_create(&b, NULL, work, (void *)1L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    times[r] = now() - start;
    for (int t = 0; t < tracks; t++) free(arrays[t]);
  }
  qsort(times, 5, sizeof(double), compare);
  printf("keys written (C floor, 48-byte keys, 2 threads)\t%.1f\t%.0f\n", times[2], bytes / 1e6 / times[2] * 1e3);
  return 0;
}
