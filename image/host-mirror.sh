#!/bin/sh
# Prints the Debian archive this machine's apt uses (its first main-archive
# address, not the security or updates one), or deb.debian.org if it has none.
{
    grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | tr -s ' \t' ' ' | cut -d' ' -f2-
    grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | sed 's/\[[^]]*\]//' |
        tr -s ' \t' ' ' | cut -d' ' -f2
} | tr ' ' '\n' | grep -E '^(https?|file)://' | grep -v -e security -e 'deb.nodesource' |
    grep -m1 -i debian || echo http://deb.debian.org/debian
