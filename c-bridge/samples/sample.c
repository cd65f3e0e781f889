/* A small C program using libtwisty_c: states, moves, an error, a random state, a cube.
 *
 *     cc -I c-bridge/include sample.c -L target/release -ltwisty_c -o sample
 */
#include <stdio.h>
#include <twisty.h>

/* Prints why the last call failed, and returns its status. */
static int report(int32_t status) {
    if (status != TWISTY_STATUS_OK) {
        fprintf(stderr, "twisty error %d at %lld: %s\n", (int)status, (long long)twisty_last_error_position(),
                twisty_last_error_message());
    }
    return status;
}

int main(void) {
    char *solved = NULL, *state = NULL, *name = NULL, *random = NULL, *cube = NULL;
    twisty_sq1_tables_t *tables = NULL;
    int failed = 1;

    if (report(twisty_sq1_solved(0 /* six-colour */, &solved))) goto done;
    if (report(twisty_sq1_apply(solved, "(1,0)/ (-1,-1)/", 0 /* WCA notation */, &state))) goto done;
    if (report(twisty_sq1_shape_name(state, &name))) goto done;
    printf("%s after (1,0)/ (-1,-1)/ is %s, shape %s\n", solved, state, name);

    /* A failure: the status says which kind, the last error says what and where. */
    char *nothing = NULL;
    int32_t status = twisty_sq1_apply(solved, "(7,0)", 0, &nothing);
    printf("(7,0): status %d, position %lld: %s\n", (int)status, (long long)twisty_last_error_position(),
           twisty_last_error_message());

    if (report(twisty_sq1_tables_new(&tables))) goto done;
    if (report(twisty_sq1_tables_random_state(tables, 2026, 0, &random))) goto done;
    printf("random state of seed 2026: %s\n", random);

    if (report(twisty_cube3_from_moves("R U R' U'", &cube))) goto done;
    printf("R U R' U' makes the cube %s\n", cube);
    failed = status != TWISTY_STATUS_INVALID_NOTATION;

done:
    twisty_string_free(solved);
    twisty_string_free(state);
    twisty_string_free(name);
    twisty_string_free(random);
    twisty_string_free(cube);
    twisty_sq1_tables_free(&tables);
    return failed;
}
