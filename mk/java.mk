# Java side of twisty: the JNI library (crate twisty-jni) and the Maven project java/.
#
# Included from the top Makefile, which sets $(ROOT) (the repository root, absolute).
# Standalone: make -f mk/java.mk ROOT=$PWD java-test
#
#   java-native  scripts/cross-build.sh host -> build/native/linux-x64/libtwisty_jni.so (stripped; the
#                jar bundles every platform staged in build/native/, see mk/package.mk)
#   java-test-native
#                java-native plus the test build twisty-jni-testhooks (every export of twisty-jni
#                and the natives of the test-only class org.twisty.Debug), staged under its
#                shipped name as build/test-native/libtwisty_jni.so
#   java-test    java-test-native, then mvn package: bundles the shipped libraries into the jar's
#                resources (org/twisty/native/<platform>/) and the test build into the test
#                resources at the same place; the JUnit tests load the test build through the
#                real loader from the classpath (test-classes come first), the jar never sees it
#   java-jar     java-native, then the jar without running the tests
#   java-sample  compiles and runs java/samples/Sample.java against the jar alone
#   bench-java   java-jar, then times the 3x3x3 solver through JNI (org.twisty.bench.Cube3SolverBench,
#                BENCH_N random cubes, default 1000, at 21 and 20 moves) and the Square-1 two-phase
#                solver (org.twisty.bench.Square1FastBench, BENCH_N random states) against the jar
#   bench-peers  java-jar, then times the two-phase solvers against the Java peers min2phase and
#                sq12phase in one JVM, interleaved solve by solve (org.twisty.bench.PeersBench,
#                BENCH_N inputs each, Square-1 and 3x3x3 at 21 and 20 moves), then their throughput
#                on 2 threads; the peers' jars are loaded at run time from PEERS_DIR (default
#                ../shared/peers), a missing one is skipped
#   java-clean   removes java/target
#
# java/ is a plain Maven project (Maven Central by default). Where Maven Central cannot be
# reached, the build runs Maven offline against Debian's packaged repository instead:
# scripts/maven-repo.sh says which (TWISTY_MAVEN=central|debian forces a choice; .ci/run sets debian).

JAVA_DIR        ?= $(ROOT)/java
JAVA_NATIVE_DIR ?= $(ROOT)/build/native
# The test build of the library (cargo's own output, not staged).
JAVA_TEST_BUILD_DIR ?= $(ROOT)/target/release
JAVA_TEST_NATIVE_DIR ?= $(ROOT)/build/test-native
CARGO           ?= cargo
MVN             ?= mvn
MVN_FLAGS       ?= -B
TWISTY_MAVEN    ?= $(shell $(ROOT)/scripts/maven-repo.sh)
ifeq ($(TWISTY_MAVEN),debian)
MVN_FLAGS       += -o -s /etc/maven/settings-debian.xml
endif

# The jar's natives are copied afresh each time: a platform no longer staged must not stay.
JAVA_MVN = rm -rf $(JAVA_DIR)/target/classes/org/twisty/native && \
	cd $(JAVA_DIR) && $(MVN) $(MVN_FLAGS) -Dtwisty.native.dir=$(JAVA_NATIVE_DIR) \
	-Dtwisty.test.native.dir=$(JAVA_TEST_NATIVE_DIR)

JAVA_JAR        := $(JAVA_DIR)/target/twisty-0.1.0.jar
JAVA_SAMPLE_OUT := $(JAVA_DIR)/target/sample
JAVA_BENCH_OUT  := $(JAVA_DIR)/target/bench
BENCH_N         ?= 1000
PEERS_DIR       ?= $(ROOT)/../shared/peers

.PHONY: java-native java-test-native java-test java-jar java-sample bench-java bench-peers java-clean

java-native:
	CARGO=$(CARGO) $(ROOT)/scripts/cross-build.sh host

# The test build takes the shipped library's file name, so that the loader finds it in the test
# resources exactly as it finds the shipped one in the jar.
java-test-native: java-native
	cd $(ROOT) && $(CARGO) build --release -p twisty-jni-testhooks
	rm -rf $(JAVA_TEST_NATIVE_DIR) && mkdir -p $(JAVA_TEST_NATIVE_DIR)
	for ext in so dylib; do \
	  if [ -f $(JAVA_TEST_BUILD_DIR)/libtwisty_jni_testhooks.$$ext ]; then \
	    cp $(JAVA_TEST_BUILD_DIR)/libtwisty_jni_testhooks.$$ext $(JAVA_TEST_NATIVE_DIR)/libtwisty_jni.$$ext; \
	  fi; \
	done
	if [ -f $(JAVA_TEST_BUILD_DIR)/twisty_jni_testhooks.dll ]; then \
	  cp $(JAVA_TEST_BUILD_DIR)/twisty_jni_testhooks.dll $(JAVA_TEST_NATIVE_DIR)/twisty_jni.dll; \
	fi

java-test: java-test-native
	$(JAVA_MVN) package

java-jar: java-native
	$(JAVA_MVN) -DskipTests package

# A fresh program with nothing but the jar on its class path (uses the jar java-test built).
java-sample:
	rm -rf $(JAVA_SAMPLE_OUT) && mkdir -p $(JAVA_SAMPLE_OUT)
	javac -d $(JAVA_SAMPLE_OUT) -cp $(JAVA_JAR) $(JAVA_DIR)/samples/Sample.java
	java -cp $(JAVA_JAR):$(JAVA_SAMPLE_OUT) Sample

# Not part of `make test`: a timing harness (no assertions about time).
bench-java: java-jar
	rm -rf $(JAVA_BENCH_OUT) && mkdir -p $(JAVA_BENCH_OUT)
	javac -d $(JAVA_BENCH_OUT) -cp $(JAVA_JAR) $(JAVA_DIR)/src/test/java/org/twisty/bench/*.java
	java -cp $(JAVA_JAR):$(JAVA_BENCH_OUT) org.twisty.bench.Cube3SolverBench $(BENCH_N)
	java -cp $(JAVA_JAR):$(JAVA_BENCH_OUT) org.twisty.bench.Square1FastBench $(BENCH_N)

# Not part of `make test` either. The peers are GPL: run from their jars, never compiled against.
bench-peers: java-jar
	rm -rf $(JAVA_BENCH_OUT) && mkdir -p $(JAVA_BENCH_OUT)
	javac -d $(JAVA_BENCH_OUT) -cp $(JAVA_JAR) $(JAVA_DIR)/src/test/java/org/twisty/bench/*.java
	java -Dtwisty.peers=$(PEERS_DIR) -cp $(JAVA_JAR):$(JAVA_BENCH_OUT) org.twisty.bench.PeersBench $(BENCH_N)
	java -Dtwisty.peers=$(PEERS_DIR) -cp $(JAVA_JAR):$(JAVA_BENCH_OUT) org.twisty.bench.PeersBench $(BENCH_N) \
	    --threads 2

java-clean:
	rm -rf $(JAVA_DIR)/target
