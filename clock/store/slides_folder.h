/* Slides from a folder: on the appliance the boot partition's slides/,
 * which any laptop can write. Every picture (.png, .jpg, .jpeg) and text
 * (.txt: the title on the first line, up to six lines under it) becomes a
 * slide, in the order of the file names, after those uploaded on the panel;
 * a file that changed is read again, and the slides of files no longer
 * there are removed. Slides uploaded on the panel are never touched. */
#ifndef POKERCLOCK_SLIDES_FOLDER_H
#define POKERCLOCK_SLIDES_FOLDER_H

#include "store/slides.h"

typedef struct {
    int added, kept, removed, refused;
} slides_folder_report_t;

/* One problem, for the log: "sponsor.gif: not a PNG or JPEG picture". */
typedef void (*slides_folder_say_fn)(void *ctx, const char *file, const char *why);

/* Brings the slides in line with dir (a missing folder is an empty one). */
void slides_folder_sync(slides_t *s, const char *dir, slides_folder_report_t *report,
                        slides_folder_say_fn say, void *ctx);

#endif
