import type { Migration } from "./types.js";

/**
 * Knowledge base (documents → chunks → FTS5) and memory (facts, a small entity/relation graph,
 * episodes). FTS tables use external content kept in sync by triggers, so deleting a row from
 * the content table really removes its index entries. The sqlite-vec `vec0` tables are not
 * created here: they exist only once an embedder is configured (their dimension comes from it),
 * and `embedding_spaces` records which embedder filled each one. Ids users see (documents,
 * facts, episodes) are AUTOINCREMENT so a forgotten id never comes back naming something else.
 */
export const memoryKnowledge: Migration = {
  version: 4,
  name: "memory_knowledge",
  up(db) {
    db.exec(`
      CREATE TABLE kb_documents (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        source TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        kind TEXT NOT NULL,
        hash TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        pages INTEGER,
        words INTEGER NOT NULL,
        chunk_count INTEGER NOT NULL,
        embedder TEXT,
        added_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE kb_chunks (
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES kb_documents(id) ON DELETE CASCADE,
        ord INTEGER NOT NULL,
        page INTEGER,
        title TEXT NOT NULL,
        text TEXT NOT NULL
      );
      CREATE INDEX kb_chunks_document ON kb_chunks(document_id, ord);
      CREATE VIRTUAL TABLE kb_chunks_fts USING fts5(
        title, text, content='kb_chunks', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER kb_chunks_ai AFTER INSERT ON kb_chunks BEGIN
        INSERT INTO kb_chunks_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
      END;
      CREATE TRIGGER kb_chunks_ad AFTER DELETE ON kb_chunks BEGIN
        INSERT INTO kb_chunks_fts(kb_chunks_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
      END;
      CREATE TRIGGER kb_chunks_au AFTER UPDATE ON kb_chunks BEGIN
        INSERT INTO kb_chunks_fts(kb_chunks_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
        INSERT INTO kb_chunks_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
      END;

      CREATE TABLE embedding_spaces (
        table_name TEXT PRIMARY KEY,
        embedder TEXT NOT NULL,
        dimensions INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE memory_entities (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE,
        kind TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (name, kind)
      );
      INSERT INTO memory_entities (id, name, kind, created_at) VALUES (1, 'User', 'user', 0);
      CREATE TABLE memory_facts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        text TEXT NOT NULL,
        said TEXT,
        source TEXT NOT NULL,
        session_id TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE memory_relations (
        id INTEGER PRIMARY KEY,
        fact_id INTEGER NOT NULL REFERENCES memory_facts(id) ON DELETE CASCADE,
        subject_id INTEGER NOT NULL REFERENCES memory_entities(id),
        predicate TEXT NOT NULL,
        object_id INTEGER REFERENCES memory_entities(id),
        value TEXT
      );
      CREATE INDEX memory_relations_subject ON memory_relations(subject_id, predicate);
      CREATE INDEX memory_relations_object ON memory_relations(object_id);
      CREATE INDEX memory_relations_fact ON memory_relations(fact_id);
      CREATE VIRTUAL TABLE memory_facts_fts USING fts5(
        text, content='memory_facts', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER memory_facts_ai AFTER INSERT ON memory_facts BEGIN
        INSERT INTO memory_facts_fts(rowid, text) VALUES (new.id, new.text);
      END;
      CREATE TRIGGER memory_facts_ad AFTER DELETE ON memory_facts BEGIN
        INSERT INTO memory_facts_fts(memory_facts_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
      CREATE TRIGGER memory_facts_au AFTER UPDATE ON memory_facts BEGIN
        INSERT INTO memory_facts_fts(memory_facts_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO memory_facts_fts(rowid, text) VALUES (new.id, new.text);
      END;

      CREATE TABLE memory_episodes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL UNIQUE,
        summary TEXT NOT NULL,
        method TEXT NOT NULL,
        message_count INTEGER NOT NULL,
        started_at INTEGER,
        ended_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE VIRTUAL TABLE memory_episodes_fts USING fts5(
        summary, content='memory_episodes', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER memory_episodes_ai AFTER INSERT ON memory_episodes BEGIN
        INSERT INTO memory_episodes_fts(rowid, summary) VALUES (new.id, new.summary);
      END;
      CREATE TRIGGER memory_episodes_ad AFTER DELETE ON memory_episodes BEGIN
        INSERT INTO memory_episodes_fts(memory_episodes_fts, rowid, summary) VALUES ('delete', old.id, old.summary);
      END;
      CREATE TRIGGER memory_episodes_au AFTER UPDATE ON memory_episodes BEGIN
        INSERT INTO memory_episodes_fts(memory_episodes_fts, rowid, summary) VALUES ('delete', old.id, old.summary);
        INSERT INTO memory_episodes_fts(rowid, summary) VALUES (new.id, new.summary);
      END;
    `);
  },
};
