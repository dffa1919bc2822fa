/* The panel's addresses as the wall shows them beside its QR code, looked
 * up from the network interfaces and the host name. */
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/prefix.h"
#include "screen/address.h"

/* This machine's first IPv4 address on a network (not loopback), now: the
 * network may have come up after the clock started. */
static bool own_ipv4(char *buf, size_t len, const char *match)
{
    struct ifaddrs *ifs, *i;
    bool found = false;
    if (getifaddrs(&ifs) != 0)
        return false;
    for (i = ifs; i && !found; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || (i->ifa_flags & IFF_LOOPBACK) ||
            !(i->ifa_flags & IFF_UP))
            continue;
        char a[INET_ADDRSTRLEN];
        inet_ntop(AF_INET, &((struct sockaddr_in *)i->ifa_addr)->sin_addr, a, sizeof a);
        if (!match || strcmp(a, match) == 0) {
            snprintf(buf, len, "%s", a);
            found = true;
        }
    }
    freeifaddrs(ifs);
    return found;
}

/* The panel's addresses. For this machine's own panel: by name
 * (NAME.local, for phones that resolve it) and the IPv4 address now; the QR
 * code takes the address, which every phone on the network reaches (some
 * Android phones do not resolve .local). Another machine's panel (a
 * follower's wall) is shown as given. */
void panel_addr_lookup(const char *url, panel_addr_t *out)
{
    char *qr = out->qr, *by_name = out->by_name, *by_ip = out->by_ip;
    size_t qrlen = sizeof out->qr, namelen = sizeof out->by_name, iplen = sizeof out->by_ip;
    snprintf(out->url, sizeof out->url, "%s", url);
    char host[256] = "", port[8] = "", tmp[INET_ADDRSTRLEN];
    const char *h = starts_with(url, "http://");
    if (!h)
        h = url;
    size_t n = strcspn(h, ":/");
    if (n < sizeof host)
        memcpy(host, h, n), host[n] = 0;
    if (h[n] == ':') {
        size_t m = strspn(h + n + 1, "0123456789");
        if (m < sizeof port)
            memcpy(port, h + n + 1, m), port[m] = 0;
    }
    const char *colon = port[0] && strcmp(port, "80") != 0 ? ":" : "";
    if (!port[0] || !strcmp(port, "80"))
        port[0] = 0;
    char name[64] = "";
    bool own = strcmp(host, "localhost") == 0 || own_ipv4(tmp, sizeof tmp, host);
    if (!own || gethostname(name, sizeof name - 1) != 0 || !name[0] || strchr(name, '.')) {
        snprintf(qr, qrlen, "%s", url);
        snprintf(by_name, namelen, "%s", h);
        by_ip[0] = 0;
        return;
    }
    snprintf(by_name, namelen, "%s.local%s%s/", name, colon, port);
    if (own_ipv4(tmp, sizeof tmp, NULL)) {
        snprintf(by_ip, iplen, "%s%s%s/", tmp, colon, port);
        snprintf(qr, qrlen, "http://%s", by_ip);
    } else {
        by_ip[0] = 0;
        snprintf(qr, qrlen, "http://%s", by_name);
    }
}
