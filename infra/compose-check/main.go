// Command compose-check validates the repository's docker-compose.yml without a Docker engine.
//
// Our machines have the docker client but neither an engine nor the compose plugin, so `docker compose
// config` cannot run here. This loads the file with compose-spec/compose-go, the loader docker compose
// itself uses (schema validation, interpolation, consistency of references), and then checks the file
// against the project: every command runs a service main that exists, every PASSES_* variable is one the
// configuration reads, each process gets what the distributed profile requires, every server a process
// talks to is a service it waits for, and no published port is taken twice.
//
// Usage: compose-check [-root <repository>] [-file docker-compose.yml]
// Prints each problem and one summary line; exits 1 when there are problems, 2 when it cannot run.
package main

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"
)

const (
	// Where the configuration's variable names are read from: its modules (config.ts and those it takes
	// parts from, such as wallet-config.ts), specs aside.
	configSource = "packages/runtime/src/config"
	kafkaPom     = "infra/kafka/pom.xml"
	// Given to interpolation in place of the operator's secret; long enough for the 32-character rule.
	dummySecret = "compose-check-dummy-secret-key-of-40-chars"
	defaultPort = "3000"
)

var (
	passesVariable = regexp.MustCompile(`\bPASSES_[A-Z0-9_]+\b`)
	// `node services/<name>/dist/main.js`: a process of ours.
	serviceMain  = regexp.MustCompile(`^services/([a-z0-9-]+)/dist/main\.js$`)
	kafkaVersion = regexp.MustCompile(`<kafka\.version>([^<]+)</kafka\.version>`)
	execFormCmd  = regexp.MustCompile(`(?m)^CMD\s+\[(.*)\]\s*$`)
)

// checker collects problems instead of stopping at the first, so one run shows all of them.
type checker struct {
	root     string
	problems []string
}

// problem records one, once: several processes may lead to the same finding about a shared server.
func (c *checker) problem(format string, args ...any) {
	if message := fmt.Sprintf(format, args...); !slices.Contains(c.problems, message) {
		c.problems = append(c.problems, message)
	}
}

func main() {
	root := flag.String("root", ".", "repository root")
	file := flag.String("file", "docker-compose.yml", "compose file, relative to the root")
	flag.Parse()

	c := &checker{root: *root}
	composeFile := filepath.Join(*root, *file)
	known, err := c.configVariables()
	if err != nil {
		fatal(err)
	}

	// Without the secret, interpolation must refuse to go on: the file demands it with ${…:?…}.
	if _, err := c.load(composeFile, types.Mapping{}); err == nil || !strings.Contains(err.Error(), "PASSES_SECRET_KEY") {
		c.problem("loading without PASSES_SECRET_KEY must fail naming it (use ${PASSES_SECRET_KEY:?…}); got: %v", err)
	}
	project, err := c.load(composeFile, types.Mapping{"PASSES_SECRET_KEY": dummySecret})
	if err != nil {
		// Schema, interpolation and reference errors end here, as they would end `docker compose up`.
		fmt.Fprintf(os.Stderr, "%s: %v\n", *file, err)
		fmt.Printf("compose-check: %s: FAILED to load (see above)\n", *file)
		os.Exit(1)
	}

	ours := c.checkServices(project, known)
	c.checkPublishedPorts(project)

	for _, p := range c.problems {
		fmt.Fprintf(os.Stderr, "%s: %s\n", *file, p)
	}
	if len(c.problems) > 0 {
		fmt.Printf("compose-check: %s: %d problem(s)\n", *file, len(c.problems))
		os.Exit(1)
	}
	fmt.Printf("compose-check: %s OK: %d services (%d of ours: %s), %d volumes, schema, interpolation and references valid\n",
		*file, len(project.Services), len(ours), strings.Join(ours, ", "), len(project.Volumes))
}

func fatal(err error) {
	fmt.Fprintf(os.Stderr, "compose-check: %v\n", err)
	os.Exit(2)
}

// load runs compose-go's full pipeline: YAML, interpolation from env only (not this process's environment
// nor a .env file, so the result does not depend on who runs it), schema validation, normalization,
// path resolution and the consistency check of references.
func (c *checker) load(file string, env types.Mapping) (*types.Project, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	details := types.ConfigDetails{
		WorkingDir:  filepath.Dir(abs),
		ConfigFiles: []types.ConfigFile{{Filename: abs}},
		Environment: env,
	}
	return loader.LoadWithContext(context.Background(), details, func(o *loader.Options) {
		o.SkipValidation = false
		o.SkipConsistencyCheck = false
		o.SkipInterpolation = false
		o.ResolvePaths = true
		if _, explicit := o.GetProjectName(); !explicit {
			o.SetProjectName("wallet-passes", false)
		}
	})
}

// configVariables is every PASSES_* name the configuration module mentions: what it can read.
func (c *checker) configVariables() (map[string]bool, error) {
	modules, err := filepath.Glob(filepath.Join(c.root, configSource, "*.ts"))
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, module := range modules {
		if strings.HasSuffix(module, ".spec.ts") {
			continue
		}
		source, err := os.ReadFile(module)
		if err != nil {
			return nil, err
		}
		for _, name := range passesVariable.FindAllString(string(source), -1) {
			known[name] = true
		}
	}
	if len(known) == 0 {
		return nil, fmt.Errorf("no PASSES_* variable found in %s", configSource)
	}
	return known, nil
}

// checkServices checks every service, and the processes of ours (those running services/*/dist/main.js)
// against the configuration. It returns the names of ours.
func (c *checker) checkServices(project *types.Project, known map[string]bool) []string {
	var ours []string
	for _, name := range slices.Sorted(maps.Keys(project.Services)) {
		service := project.Services[name]
		if service.Restart == "" || service.Restart == "no" {
			c.problem("service %s: no restart policy", name)
		}
		for dependency := range service.DependsOn {
			if _, ok := project.Services[dependency]; !ok {
				c.problem("service %s: depends on %s, which is not a service", name, dependency)
			}
		}
		if build := service.Build; build != nil {
			c.checkBuild(name, build)
		}
		if process, ok := c.process(name, service); ok {
			ours = append(ours, name)
			c.checkProcess(project, name, service, process, known)
		}
	}
	if len(ours) == 0 {
		c.problem("no service runs a process of ours (node services/<name>/dist/main.js)")
	}
	return ours
}

func (c *checker) checkBuild(name string, build *types.BuildConfig) {
	dir := build.Context
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(c.root, dir)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		c.problem("service %s: build context %s is not a directory", name, build.Context)
		return
	}
	dockerfile := build.Dockerfile
	if dockerfile == "" {
		dockerfile = "Dockerfile"
	}
	if !filepath.IsAbs(dockerfile) {
		dockerfile = filepath.Join(dir, dockerfile)
	}
	if _, err := os.Stat(dockerfile); err != nil {
		c.problem("service %s: dockerfile %s does not exist", name, build.Dockerfile)
	}
}

// process names the service main a container runs (e.g. "api" for node services/api/dist/main.js), from
// its command or, without one, from its Dockerfile's CMD; it reports a command that names a missing main.
func (c *checker) process(name string, service types.ServiceConfig) (string, bool) {
	command := []string(service.Command)
	if len(command) == 0 && service.Build != nil {
		command = c.dockerfileCmd(service.Build)
	}
	if len(command) < 2 || command[0] != "node" {
		return "", false
	}
	match := serviceMain.FindStringSubmatch(command[1])
	if match == nil {
		return "", false
	}
	if _, err := os.Stat(filepath.Join(c.root, "services", match[1], "src", "main.ts")); err != nil {
		c.problem("service %s: runs %s, but services/%s/src/main.ts does not exist", name, command[1], match[1])
	}
	return match[1], true
}

// dockerfileCmd is the exec-form CMD of the service's Dockerfile (its last CMD), or nil.
func (c *checker) dockerfileCmd(build *types.BuildConfig) []string {
	path := build.Dockerfile
	if !filepath.IsAbs(path) {
		path = filepath.Join(build.Context, path)
	}
	source, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var command []string
	for _, match := range execFormCmd.FindAllStringSubmatch(string(source), -1) {
		command = nil
		for _, part := range strings.Split(match[1], ",") {
			command = append(command, strings.Trim(strings.TrimSpace(part), `"`))
		}
	}
	return command
}

// checkProcess holds one process of ours to what packages/runtime/src/config/config.ts requires.
func (c *checker) checkProcess(project *types.Project, name string, service types.ServiceConfig, process string, known map[string]bool) {
	env := map[string]string{}
	for key, value := range service.Environment {
		if strings.HasPrefix(key, "PASSES_") && !known[key] {
			c.problem("service %s: sets %s, which %s does not read", name, key, configSource)
		}
		if value != nil { // nil: passed through from the host when set there
			env[key] = *value
		}
	}
	require := func(key, why string) bool {
		if env[key] == "" {
			c.problem("service %s: %s is required %s", name, key, why)
			return false
		}
		return true
	}

	if env["PASSES_PROFILE"] != "distributed" {
		c.problem("service %s: PASSES_PROFILE must be distributed, not %q", name, env["PASSES_PROFILE"])
	}
	require("PASSES_SECRET_KEY", "by the distributed profile")
	if require("PASSES_MONGODB_URL", "by the distributed profile") {
		c.requireServer(project, name, service, "PASSES_MONGODB_URL", urlHosts(env["PASSES_MONGODB_URL"]))
	}
	if store := env["PASSES_EVENT_STORE"]; store == "" || store == "eventstoredb" {
		if require("PASSES_EVENTSTORE_URL", "when PASSES_EVENT_STORE is eventstoredb (the default)") {
			c.requireServer(project, name, service, "PASSES_EVENTSTORE_URL", urlHosts(env["PASSES_EVENTSTORE_URL"]))
		}
	}
	if process == "relay" || process == "webhook-dispatcher" {
		if require("PASSES_KAFKA_BROKERS", "by the relay and the dispatchers") {
			brokers := strings.Split(env["PASSES_KAFKA_BROKERS"], ",")
			c.requireServer(project, name, service, "PASSES_KAFKA_BROKERS", brokers)
			c.checkKafka(project, brokers)
		}
	}
	if process == "api" {
		c.checkApi(project, name, service, env)
	}
	if dataDir := env["PASSES_DATA_DIR"]; dataDir != "" && !slices.ContainsFunc(service.Volumes, func(v types.ServiceVolumeConfig) bool {
		return v.Type == types.VolumeTypeVolume && v.Target == dataDir
	}) {
		c.problem("service %s: no named volume at PASSES_DATA_DIR %s (the instances' mail outbox would not be shared)", name, dataDir)
	}
}

// requireServer checks that each host:port a process is configured with is a service of this file, and
// that the process waits for it to be healthy, which needs a healthcheck on that service.
func (c *checker) requireServer(project *types.Project, name string, service types.ServiceConfig, variable string, addresses []string) {
	for _, address := range addresses {
		host := strings.TrimSpace(address)
		if i := strings.LastIndex(host, ":"); i >= 0 {
			host = host[:i]
		}
		server, ok := project.Services[host]
		if !ok {
			c.problem("service %s: %s names %s, which is not a service of this file", name, variable, host)
			continue
		}
		if dependency, ok := service.DependsOn[host]; !ok || dependency.Condition != types.ServiceConditionHealthy {
			c.problem("service %s: must depend on %s with condition service_healthy (%s)", name, host, variable)
		}
		if server.HealthCheck == nil || server.HealthCheck.Disable || len(server.HealthCheck.Test) == 0 {
			c.problem("service %s: has no healthcheck, so service_healthy would never hold", host)
		}
	}
}

// checkKafka checks that the broker advertises the address the clients are given (otherwise they connect,
// then follow the metadata to an address they cannot reach) and runs the version the tests run.
func (c *checker) checkKafka(project *types.Project, brokers []string) {
	for _, broker := range brokers {
		host := strings.Split(strings.TrimSpace(broker), ":")[0]
		server, ok := project.Services[host]
		if !ok {
			continue // reported by requireServer
		}
		advertised := server.Environment["KAFKA_ADVERTISED_LISTENERS"]
		if advertised == nil || !strings.Contains(*advertised, "://"+strings.TrimSpace(broker)) {
			c.problem("service %s: KAFKA_ADVERTISED_LISTENERS must advertise %s, the address its clients use", host, broker)
		}
		if create := server.Environment["KAFKA_AUTO_CREATE_TOPICS_ENABLE"]; create == nil || *create != "false" {
			c.problem("service %s: KAFKA_AUTO_CREATE_TOPICS_ENABLE must be false (our processes create the topic)", host)
		}
		pom, err := os.ReadFile(filepath.Join(c.root, kafkaPom))
		if match := kafkaVersion.FindSubmatch(pom); err == nil && match != nil {
			if _, tag, _ := strings.Cut(server.Image, ":"); tag != string(match[1]) {
				c.problem("service %s: image %s, but the tests run Kafka %s (%s)", host, server.Image, match[1], kafkaPom)
			}
		}
	}
}

// checkApi: an API must listen on all interfaces to be reachable through its published port, that port
// must lead to the port it listens on, and it must start after the projector whose read models it waits for.
func (c *checker) checkApi(project *types.Project, name string, service types.ServiceConfig, env map[string]string) {
	port := env["PORT"]
	if port == "" {
		port = defaultPort
	}
	if len(service.Ports) > 0 && env["HOST"] != "0.0.0.0" && env["HOST"] != "::" {
		c.problem("service %s: publishes ports but HOST is %q, not 0.0.0.0: nothing outside the container would reach it", name, env["HOST"])
	}
	for _, published := range service.Ports {
		if fmt.Sprint(published.Target) != port {
			c.problem("service %s: publishes container port %d, but listens on PORT %s", name, published.Target, port)
		}
	}
	waits := false
	for dependency := range service.DependsOn {
		if other, ok := project.Services[dependency]; ok {
			if process, ours := c.process(dependency, other); ours && process == "projector" {
				waits = true
			}
		}
	}
	if !waits {
		c.problem("service %s: must depend on the projector service", name)
	}
}

// checkPublishedPorts: each host port is published once (any host address counts as the same port, to
// stay on the safe side of 0.0.0.0 versus 127.0.0.1).
func (c *checker) checkPublishedPorts(project *types.Project) {
	owners := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(project.Services)) {
		for _, port := range project.Services[name].Ports {
			if port.Published == "" {
				continue
			}
			key := port.Published + "/" + port.Protocol
			if owner, taken := owners[key]; taken {
				c.problem("host port %s is published by both %s and %s", key, owner, name)
			}
			owners[key] = name
		}
	}
}

// urlHosts is the host:port of a single-host URL such as mongodb://mongodb:27017 or esdb://eventstore:2113?tls=false.
func urlHosts(raw string) []string {
	parsed, err := url.Parse(raw)
	if err != nil || parsed.Host == "" {
		return []string{raw}
	}
	return strings.Split(parsed.Host, ",")
}
