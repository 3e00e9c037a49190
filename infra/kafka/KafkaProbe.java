// The two jobs of kafka.sh that need a real socket or a real Kafka client. They are in Java because the
// broker already makes Java (and its client jars) a prerequisite, while python or node may be absent.
//
//   prepare                              prints two distinct free TCP ports on loopback and a new
//                                        cluster id (as StorageTool random-uuid makes), one a line
//   await <bootstrap> <cluster-id> <pid> <seconds>
//                                        exits 0 once the broker at <bootstrap> answers Kafka requests
//                                        as a member of <cluster-id> and its group and transaction
//                                        coordinators are loaded; 1 if process <pid> dies, another
//                                        cluster answers there, or <seconds> pass first
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.ByteArraySerializer;

public final class KafkaProbe {
  public static void main(String[] args) throws Exception {
    String command = args.length > 0 ? args[0] : "";
    if (command.equals("prepare") && args.length == 1) {
      freePorts(2);
      System.out.println(Uuid.randomUuid());
    } else if (command.equals("await") && args.length == 5) {
      System.exit(await(args[1], args[2], Long.parseLong(args[3]), Integer.parseInt(args[4])));
    } else {
      System.err.println("usage: KafkaProbe prepare | await <bootstrap> <cluster-id> <pid> <seconds>");
      System.exit(2);
    }
  }

  // All n sockets are bound before any is closed, so the ports differ from each other. The usual race
  // remains (another process may take a port before the broker binds it): that start then fails, with
  // "Address already in use" in the broker's log.
  private static void freePorts(int n) throws Exception {
    List<ServerSocket> sockets = new ArrayList<>();
    try {
      for (int i = 0; i < n; i++) {
        sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
      }
      for (ServerSocket socket : sockets) {
        System.out.println(socket.getLocalPort());
      }
    } finally {
      for (ServerSocket socket : sockets) {
        socket.close();
      }
    }
  }

  // A KRaft broker opens its client listener only once it is caught up with the metadata log and
  // unfenced, so an answered DescribeCluster plus ListTopics means requests are served. The cluster id
  // tells our broker from another one that already listens on the port (ours then fails to bind it and
  // exits, but the other one would answer first). The coordinators are then warmed up too: otherwise
  // the first consumer group of a fresh broker is told "coordinator is loading" (kafkajs reports that as
  // a consumer crash and restarts it), and the first producer id after each start is refused once the
  // same way (kafkajs logs it as an error and retries).
  private static int await(String bootstrap, String clusterId, long pid, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    Properties config = new Properties();
    config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "200");
    String lastError = "no answer yet";
    try (Admin admin = Admin.create(config)) {
      while (true) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
          System.err.println("kafka: the broker process " + pid + " exited during start-up");
          return 1;
        }
        try {
          DescribeClusterResult cluster = admin.describeCluster(new DescribeClusterOptions().timeoutMs(2000));
          String answeringId = cluster.clusterId().get();
          if (!clusterId.equals(answeringId)) {
            System.err.println("kafka: another Kafka (cluster " + answeringId + ") already listens at " + bootstrap);
            return 1;
          }
          Collection<Node> nodes = cluster.nodes().get();
          admin.listTopics(new ListTopicsOptions().timeoutMs(2000)).names().get();
          if (!nodes.isEmpty()) {
            break;
          }
          lastError = "the cluster has no broker yet";
        } catch (ExecutionException e) {
          lastError = e.getCause().toString();
        }
        if (System.nanoTime() > deadline) {
          System.err.println("kafka: the broker did not answer at " + bootstrap + " within " + seconds + " s (" + lastError + ")");
          return 1;
        }
        Thread.sleep(200);
      }
      int remainingMs = (int) Math.max(1000, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
      try {
        // Both calls wait, retrying, until the coordinator has loaded (or the time is up).
        admin.listConsumerGroupOffsets("kafka.sh-probe", new ListConsumerGroupOffsetsOptions().timeoutMs(remainingMs))
            .partitionsToOffsetAndMetadata().get();
        initProducerId(bootstrap, "kafka.sh-probe-" + pid, remainingMs);
      } catch (ExecutionException | RuntimeException e) {
        Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
        System.err.println("kafka: the broker at " + bootstrap + " answers, but its coordinators did not load: " + cause);
        return 1;
      }
      return 0;
    }
  }

  // A transactional id that is new at each start (the broker's pid), because for a known one the
  // broker only bumps the epoch of its producer id and never reaches the producer id allocation that
  // this is meant to warm up. Unused ids expire on their own (transactional.id.expiration.ms, 7 days).
  private static void initProducerId(String bootstrap, String transactionalId, int timeoutMs) {
    Properties config = new Properties();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
    config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, String.valueOf(timeoutMs));
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
      producer.initTransactions();
    }
  }
}
