package main

import (
	"fmt"
	"net"
	"net/http"
	"strings"
)

// hosts are the names and addresses, as a request's Host says them, that the
// server answers: the loopback names and addresses, the address it listens
// on (any address of the machine when it listens on all of them), and the
// names given with --allow-host. A page on another site can point a name of
// its own at this machine (DNS rebinding) and then talk to the server as if
// it were that site; its requests carry that name as their Host, so a
// server that answers only its own names answers none of them.
type hosts struct {
	names map[string]bool // lower case, without a port or brackets
}

// newHosts are the hosts of a server listening on ln, started with
// --addr addr, and the extra names of --allow-host.
func newHosts(addr string, ln net.Addr, extra []string) *hosts {
	h := &hosts{names: map[string]bool{}}
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
		h.names[normalHost(host)] = true
	}
	if a, ok := ln.(*net.TCPAddr); ok {
		if a.IP.IsUnspecified() {
			if addrs, err := net.InterfaceAddrs(); err == nil {
				for _, ia := range addrs {
					if n, ok := ia.(*net.IPNet); ok {
						h.names[n.IP.String()] = true
					}
				}
			}
		} else {
			h.names[a.IP.String()] = true
		}
	}
	for _, e := range extra {
		h.names[normalHost(e)] = true
	}
	return h
}

// normalHost is a host as hosts keeps it: without a port, brackets or a
// final dot, in lower case, an IP address in its usual form.
func normalHost(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if ip := net.ParseIP(host); ip != nil {
		return ip.String()
	}
	return host
}

// allows reports whether the server answers requests for host (a Host
// header: a name or address, perhaps with a port).
func (h *hosts) allows(host string) bool {
	n := normalHost(host)
	if n == "localhost" || strings.HasSuffix(n, ".localhost") || h.names[n] {
		return true
	}
	ip := net.ParseIP(n)
	return ip != nil && ip.IsLoopback()
}

// check refuses a request for a host the server does not answer, with 421
// (Misdirected Request) and a message saying how to serve it.
func (h *hosts) check(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.allows(r.Host) {
			n := normalHost(r.Host)
			if n == "" {
				writeError(w, http.StatusMisdirectedRequest, fmt.Errorf("no Host (this server answers localhost, its loopback addresses and the address it listens on)"))
				return
			}
			writeError(w, http.StatusMisdirectedRequest, fmt.Errorf("host %q not served here (godtable serve --allow-host %s serves it)", n, n))
			return
		}
		next.ServeHTTP(w, r)
	})
}
