/* The panel's addresses as the wall shows them beside its QR code: by name
 * (NAME.local) and by this machine's IPv4 address. Looking them up takes
 * system calls (getifaddrs, gethostname): the wall's loop and the pictures
 * do it on a timer and keep the result, never while drawing. */
#ifndef POKERCLOCK_ADDRESS_H
#define POKERCLOCK_ADDRESS_H

enum {
    /* Looked up again this often: the network may come up, or the address
     * change, after the clock started. */
    PANEL_ADDR_REFRESH_MS = 10000,
};

typedef struct {
    char url[256];     /* the panel's URL they were made for */
    char qr[320];      /* what the QR code holds */
    char by_name[320]; /* "NAME.local:8080/", or the URL as given */
    char by_ip[64];    /* "192.168.1.20:8080/", or "" */
} panel_addr_t;

/* The addresses of the panel at url now. */
void panel_addr_lookup(const char *url, panel_addr_t *out);

#endif
