// Command ferretdb runs FerretDB v1 (Apache-2.0, github.com/FerretDB/FerretDB) embedded, with its
// PostgreSQL or its SQLite backend, so that tests and developers get a real MongoDB-wire server without
// Docker.
//
// We embed the library instead of building FerretDB's own cmd/ferretdb: that command panics at start
// unless build/version/version.txt (not part of the Go module) is generated first; the embeddable
// package needs no generated file. ferretdb.sh builds and drives this binary.
//
// By default clients do not talk to FerretDB directly but through a proxy here that runs one request
// at a time. FerretDB v1 does an update, findAndModify or upsert as "query, change in Go, write back"
// without isolation, so concurrent conditional updates all "win" and concurrent $inc lose updates,
// where MongoDB makes each single-document write atomic; one request at a time restores that.
// --serialize=false exposes FerretDB as it is.
//
//	ferretdb serve (--postgresql-url URL | --sqlite-dir DIR) [--listen-addr 127.0.0.1:0] [--port-file FILE]
//	               [--log-level warn] [--serialize=true]
//	ferretdb ping --addr 127.0.0.1:PORT [--timeout 2s]
package main

import (
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"github.com/FerretDB/wire/wireclient"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: ferretdb serve|ping [flags]")
		os.Exit(2)
	}

	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(os.Args[2:])
	case "ping":
		err = ping(os.Args[2:])
	default:
		err = fmt.Errorf("unknown subcommand %q (want serve or ping)", os.Args[1])
	}

	if err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	postgresqlURL := fs.String("postgresql-url", "", "PostgreSQL connection URL: the postgresql backend")
	sqliteDir := fs.String("sqlite-dir", "", "directory for the SQLite files (one per database): the sqlite backend")
	listenAddr := fs.String("listen-addr", "127.0.0.1:0", "loopback TCP address; port 0 picks a free port")
	portFile := fs.String("port-file", "", "if set, the bound port is written there once the listener is open")
	logLevel := fs.String("log-level", "warn", "debug, info, warn or error")
	serialize := fs.Bool("serialize", true, "run one request at a time (atomic single-document writes)")
	_ = fs.Parse(args)

	if (*postgresqlURL == "") == (*sqliteDir == "") {
		return errors.New("exactly one of --postgresql-url and --sqlite-dir is required")
	}

	// This server has no authentication: refuse anything but loopback.
	host, _, err := net.SplitHostPort(*listenAddr)
	if err != nil {
		return fmt.Errorf("--listen-addr: %w", err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("--listen-addr %q: only a loopback IP address is allowed", *listenAddr)
	}

	var level slog.Level
	if err = level.UnmarshalText([]byte(*logLevel)); err != nil {
		return fmt.Errorf("--log-level: %w", err)
	}

	backend := ferretdb.Config{Handler: "postgresql", PostgreSQLURL: *postgresqlURL}
	if *sqliteDir != "" {
		dir, err := filepath.Abs(*sqliteDir)
		if err != nil {
			return err
		}
		if err = os.MkdirAll(dir, 0o755); err != nil {
			return err
		}

		// FerretDB's SQLite URL names a directory and must end with a slash.
		backend = ferretdb.Config{Handler: "sqlite", SQLiteURL: (&url.URL{Scheme: "file", Opaque: dir + "/"}).String()}
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	// Behind the proxy, FerretDB itself listens on a free loopback port that only the proxy uses.
	ferretAddr := *listenAddr
	if *serialize {
		ferretAddr = "127.0.0.1:0"
	}

	backend.Listener = ferretdb.ListenerConfig{TCP: ferretAddr}
	backend.Logger = logger
	f, err := ferretdb.New(&backend)
	if err != nil {
		return err
	}

	// New has bound its listener already, so the URI carries the real port even for port 0.
	u, err := url.Parse(f.MongoDBURI())
	if err != nil {
		return err
	}
	publicAddr := u.Host

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	if *serialize {
		l, err := net.Listen("tcp", *listenAddr)
		if err != nil {
			return err
		}
		publicAddr = l.Addr().String()

		go func() {
			<-ctx.Done()
			l.Close() //nolint:errcheck // only unblocks Accept
		}()
		go serializeProxy(l, u.Host, logger)
	}

	if *portFile != "" {
		_, port, _ := net.SplitHostPort(publicAddr)

		// Written then renamed, so that a reader never sees a partial file.
		tmp := *portFile + ".tmp"
		if err = os.WriteFile(tmp, []byte(port+"\n"), 0o644); err != nil {
			return err
		}
		if err = os.Rename(tmp, *portFile); err != nil {
			return err
		}
	}

	// Run returns once ctx is cancelled, after closing FerretDB's connections (which ends the proxied
	// ones too) and its backend's.
	return f.Run(ctx)
}

// serializeProxy accepts clients on l and relays each to its own connection to FerretDB at backend,
// holding one process-wide lock from forwarding a request until its response has been read back.
func serializeProxy(l net.Listener, backend string, logger *slog.Logger) {
	var mu sync.Mutex

	for {
		client, err := l.Accept()
		if err != nil {
			return // listener closed at shutdown
		}

		go func() {
			defer client.Close() //nolint:errcheck // connection is done either way

			server, err := net.Dial("tcp", backend)
			if err != nil {
				logger.Error("proxy: dialing FerretDB failed", slog.String("error", err.Error()))
				return
			}
			defer server.Close() //nolint:errcheck // connection is done either way

			for {
				req, err := readMessage(client)
				if err != nil {
					return // client went away (or sent garbage, which FerretDB would reject too)
				}

				// FerretDB answers every request with exactly one message, even one flagged
				// moreToCome (an unacknowledged w:0 write), whose client expects no answer: that reply
				// is dropped here, where a direct client would take it for its next response.
				mu.Lock()
				res, err := roundTrip(server, req)
				mu.Unlock()

				if err != nil {
					return // FerretDB closed the connection (as it does after some errors)
				}
				if isMoreToCome(req) {
					continue
				}
				if _, err = client.Write(res); err != nil {
					return
				}
			}
		}()
	}
}

func roundTrip(server net.Conn, req []byte) ([]byte, error) {
	if _, err := server.Write(req); err != nil {
		return nil, err
	}
	return readMessage(server)
}

// isMoreToCome reports whether msg is an OP_MSG (opCode 2013 at offset 12) whose flagBits (offset 16)
// have moreToCome (bit 1) set.
func isMoreToCome(msg []byte) bool {
	const opMsg, moreToCome = 2013, 1 << 1
	return len(msg) >= 20 &&
		binary.LittleEndian.Uint32(msg[12:16]) == opMsg &&
		binary.LittleEndian.Uint32(msg[16:20])&moreToCome != 0
}

// maxMessageSize is MongoDB's maxMessageSizeBytes, which FerretDB advertises too.
const maxMessageSize = 48_000_000

// readMessage reads one wire protocol message: a little-endian int32 total length, then the rest.
func readMessage(r io.Reader) ([]byte, error) {
	var head [4]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return nil, err
	}

	n := binary.LittleEndian.Uint32(head[:])
	if n < 16 || n > maxMessageSize {
		return nil, fmt.Errorf("invalid message length %d", n)
	}

	msg := make([]byte, n)
	copy(msg, head[:])
	if _, err := io.ReadFull(r, msg[4:]); err != nil {
		return nil, err
	}
	return msg, nil
}

// ping sends one real OP_MSG ping. It uses FerretDB's small wire client rather than a MongoDB
// driver: a driver would end its implicit session on disconnect with endSessions, which FerretDB v1
// does not implement and logs as a warning on every readiness check.
func ping(args []string) error {
	fs := flag.NewFlagSet("ping", flag.ExitOnError)
	addr := fs.String("addr", "", "host:port of the server; required")
	timeout := fs.Duration("timeout", 2*time.Second, "bound on connecting and pinging")
	_ = fs.Parse(args)

	if *addr == "" {
		return errors.New("--addr is required")
	}

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()

	conn, err := wireclient.Connect(ctx, "mongodb://"+*addr+"/", slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	defer conn.Close() //nolint:errcheck // nothing to do about it

	return conn.Ping(ctx)
}
