#include "animplot_signals.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SLOTS 16384

static _Atomic(char *) slots[SLOTS];

static void on_signal(int sig) {
  for (int i = 0; i < SLOTS; i++) {
    char *path = atomic_load(&slots[i]);
    if (path) unlink(path);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

void animplot_temporaries_install(void) {
  const int signals[] = {SIGINT, SIGTERM, SIGHUP};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    struct sigaction old;
    if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(signals[i], &action, NULL);
  }
}

int animplot_temporary_add(const char *path) {
  char *copy = strdup(path);
  if (!copy) return -1;
  for (int i = 0; i < SLOTS; i++) {
    char *expected = NULL;
    if (atomic_compare_exchange_strong(&slots[i], &expected, copy)) return i;
  }
  free(copy);
  return -1;
}

void animplot_temporary_remove(int slot) {
  if (slot < 0 || slot >= SLOTS) return;
  free(atomic_exchange(&slots[slot], NULL));
}
